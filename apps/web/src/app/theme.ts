/** The active visual theme (config.theme; navigation resets it to 'default'). */
export function setTheme(name: string): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = name || 'default';
}
