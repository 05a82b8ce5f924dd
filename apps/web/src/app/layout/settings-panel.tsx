/** The right-hand settings panel (being built). */
export function SettingsPanel() {
  return null;
}
