import i18next from 'i18next';

/**
 * Adds a feature's namespace bundles to i18next now, or once it is initialised (tests, early
 * imports). Every feature registers its texts from its own i18n.ts, on import.
 */
export function registerBundles(ns: string, bundles: Record<string, object>): void {
  const add = () => {
    for (const [lng, messages] of Object.entries(bundles))
      i18next.addResourceBundle(lng, ns, messages, true, true);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}
