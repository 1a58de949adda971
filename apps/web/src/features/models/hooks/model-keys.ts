/** Query keys of a source's model resources. */
export const modelKeys = {
  all: (id: string) => ['models', id] as const,
  view: (id: string) => ['models', id, 'view'] as const,
  versions: (id: string) => ['models', id, 'versions'] as const,
  verified: (id: string) => ['models', id, 'verified'] as const,
};
