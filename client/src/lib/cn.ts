import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";
import { USED_CLASS_GROUPS } from "./tailwind-groups.ts";

type ById<T> = Partial<Record<string, T>>;

function onlyUsed<T>(groups: ById<T>, used: ReadonlySet<string>, cut = (value: T) => value) {
  const kept: ById<T> = {};
  for (const [id, value] of Object.entries(groups)) {
    if (used.has(id) && value !== undefined) kept[id] = cut(value);
  }
  return kept;
}

/** tailwind-merge's default config, cut to the class groups our components use. */
export function usedGroupsConfig() {
  const config = getDefaultConfig();
  const used = new Set<string>(USED_CLASS_GROUPS);
  // Conflicts with a group nobody uses cannot happen: they go with it.
  const usedOnly = (ids: readonly string[]) => ids.filter((id) => used.has(id));
  return {
    ...config,
    classGroups: onlyUsed(config.classGroups, used),
    conflictingClassGroups: onlyUsed(config.conflictingClassGroups, used, usedOnly),
    conflictingClassGroupModifiers: onlyUsed(config.conflictingClassGroupModifiers, used, usedOnly),
  } as typeof config;
}

const twMerge = createTailwindMerge(usedGroupsConfig);

/** Joins class names and lets a later Tailwind class override an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
