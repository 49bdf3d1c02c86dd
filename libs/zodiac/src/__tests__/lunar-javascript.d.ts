// Minimal typings for the parts of lunar-javascript (no bundled types) used by the cross-check test.
declare module 'lunar-javascript' {
  interface LunarJsSolar {
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    toYmd(): string;
    getLunar(): LunarJsLunar;
  }
  interface LunarJsLunar {
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    /** Zodiac animal of the lunar year (starting at 正月初一), e.g. '鼠'. */
    getYearShengXiao(): string;
    /** Heavenly stem of the lunar year, e.g. '甲'. */
    getYearGan(): string;
    getSolar(): LunarJsSolar;
  }
  interface LunarJsLunarMonth {
    /** Lunar year the month belongs to. */
    getYear(): number;
    /** 1–12; negative for a leap month. */
    getMonth(): number;
    getDayCount(): number;
    getFirstJulianDay(): number;
  }
  interface LunarJsLunarYear {
    /** The lunar months overlapping the Gregorian year of the same number (and a few around it). */
    getMonths(): LunarJsLunarMonth[];
  }
  const lunarJs: {
    Solar: {
      fromYmd(year: number, month: number, day: number): LunarJsSolar;
      fromJulianDay(julianDay: number): LunarJsSolar;
    };
    Lunar: { fromYmd(lunarYear: number, lunarMonth: number, lunarDay: number): LunarJsLunar };
    LunarYear: { fromYear(year: number): LunarJsLunarYear };
  };
  export default lunarJs;
}
