import type { CastMemberRef, StoryPlanDocument } from '@starborn/contracts';

/**
 * The story's cast as the illustrator needs it (name and kind of each), read from the plan document
 * the writer keeps with the storybook. Storybook does not otherwise read inside the plan; a plan
 * without a readable cast gives none, and the picture is then drawn from the scene alone.
 */
export function castOf(plan: StoryPlanDocument | null | undefined): CastMemberRef[] | undefined {
  if (!plan || !Array.isArray(plan.cast)) return undefined;
  const cast = plan.cast.flatMap((member: unknown) => {
    if (typeof member !== 'object' || member === null) return [];
    const { name, kind } = member as Record<string, unknown>;
    return typeof name === 'string' && typeof kind === 'string' ? [{ name, kind }] : [];
  });
  return cast.length > 0 ? cast : undefined;
}
