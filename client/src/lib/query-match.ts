/** Invalidates every query whose URL (the key's first element) starts with `prefix`. */
export const keyStartsWith = (prefix: string) => ({
  predicate: (query: { queryKey: readonly unknown[] }) =>
    String(query.queryKey[0]).startsWith(prefix),
});
