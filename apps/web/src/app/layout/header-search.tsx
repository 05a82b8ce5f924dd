/** Header search over the permitted routes (being built). */
export function HeaderSearch() {
  return null;
}
