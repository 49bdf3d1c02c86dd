export const AI_PROVIDER = Symbol('AI_PROVIDER');
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
