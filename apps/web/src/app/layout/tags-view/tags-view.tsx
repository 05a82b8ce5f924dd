/** Tabs of the visited views (being built). */
export function TagsView() {
  return null;
}
