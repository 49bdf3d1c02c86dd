// The table lives in the contracts, so that storybook checks a pack's price by the same numbers.
export { formatUsd, priceFor } from '@starborn/contracts';
