import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { brandName, useSession } from '../features/session';
import { PageSpinner } from '../ui/Spinner';
import { Toaster } from '../ui/Toaster';
import { decideAccess, type RouteHandle } from './guard';

/** The deepest matched route's handle. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return null;
}

/** Top of the app: runs the bootstrap and the access guard, and hosts the toasts. */
export function Root() {
  const { t } = useTranslation();
  const location = useLocation();
  const handle = useRouteHandle();
  const { bootstrapped, tenant, config } = useSession();
  const brand = brandName(config);

  useEffect(() => {
    document.title = brand;
  }, [brand]);

  const decision = decideAccess({
    pathname: location.pathname,
    search: location.search,
    handle,
    bootstrapped,
    tenant,
  });

  return (
    <>
      {decision.type === 'redirect' ? (
        <Navigate to={decision.to} replace />
      ) : decision.type === 'wait' ? (
        <PageSpinner label={t('common.loading')} />
      ) : (
        <Outlet />
      )}
      <Toaster />
    </>
  );
}
