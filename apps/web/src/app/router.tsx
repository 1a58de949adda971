import type { FeatureKey } from '@parley/contract';
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../ui/Spinner';
import type { RouteHandle } from './guard';
import { lazyPage } from './lazy';
import { Root } from './Root';
import { RouteError } from './RouteError';

// Every page is its own chunk; the guard reads each route's handle before the chunk loads. These lazy
// imports are the one place that reaches past a feature's index.ts, straight to its page module: a
// static import of the index would pull the page into the entry chunk and undo the split.
const AuthPage = lazyPage(() => import('../features/auth/AuthPage'));
const AuthCallbackPage = lazyPage(() => import('../features/auth/AuthCallbackPage'));
const Shell = lazyPage(() => import('./shell/Shell'));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const ConversationPage = lazyPage(() => import('../features/conversation/ConversationPage'));
const CollectionsPage = lazyPage(() => import('../features/collections/CollectionsPage'));
const CollectionPage = lazyPage(() => import('../features/collections/CollectionPage'));
const IntelligenceSuitePage = lazyPage(() => import('../features/intelligence-suite/IntelligenceSuitePage'));
const StrategyFormPage = lazyPage(() => import('../features/intelligence-suite/StrategyFormPage'));
const OpportunityFormPage = lazyPage(() => import('../features/intelligence-suite/OpportunityFormPage'));
const EmployeeGrowthFormPage = lazyPage(
  () => import('../features/intelligence-suite/EmployeeGrowthFormPage'),
);
const OnboardingPage = lazyPage(() => import('../features/onboarding/OnboardingPage'));
const ProfilePage = lazyPage(() => import('../features/settings/ProfilePage'));
const SecurityPage = lazyPage(() => import('../features/settings/SecurityPage'));
const AssistantsPage = lazyPage(() => import('../features/assistants/AssistantsPage'));
const AlertsPage = lazyPage(() => import('../features/alerts/AlertsPage'));
const DatasourcesPage = lazyPage(() => import('../features/datasources/DatasourcesPage'));
const ModelPage = lazyPage(() => import('../features/models/ModelPage'));
const SubscriptionsPage = lazyPage(() => import('../features/subscriptions/SubscriptionsPage'));
const LogoutPage = lazyPage(() => import('../features/auth/LogoutPage'));
const HelpArticlePage = lazyPage(() => import('../features/help/HelpArticlePage'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

const signedIn = (name: string, feature?: FeatureKey, extra: Partial<RouteHandle> = {}): RouteHandle => ({
  name,
  access: 'signed-in',
  feature,
  ...extra,
});
const publicRoute = (name: string): RouteHandle => ({ name, access: 'public' });

function leaf(path: string, handle: RouteHandle, Component: LazyExoticComponent<ComponentType>): RouteObject {
  return { path, handle, element: page(Component), errorElement: <RouteError /> };
}

/** The route table of spec 1 §2.1 and spec 2 §2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      leaf('/login', publicRoute('login'), AuthPage),
      leaf('/register', publicRoute('register'), AuthPage),
      leaf('/passwordreset', publicRoute('password-reset'), AuthPage),
      leaf('/authcallback', publicRoute('authcallback'), AuthCallbackPage),
      {
        element: page(Shell),
        children: [
          leaf('/', signedIn('dashboard'), DashboardPage),
          leaf('/conversation', signedIn('conversation', 'CONVERSATIONS'), ConversationPage),
          leaf('/collections', signedIn('collections', 'COLLECTIONS'), CollectionsPage),
          leaf('/collection/:id/:questionId?', signedIn('collection', 'COLLECTIONS'), CollectionPage),
          leaf(
            '/intelligence-suite',
            signedIn('intelligence-suite', 'DEEP_RESEARCH_REPORTS'),
            IntelligenceSuitePage,
          ),
          leaf(
            '/intelligence-suite/organisation-strategy',
            signedIn('organisation-strategy', 'ORGANISATION_STRATEGY_REPORT'),
            StrategyFormPage,
          ),
          leaf(
            '/intelligence-suite/organisation-opportunity',
            signedIn('organisation-opportunity', 'ORGANISATION_OPPORTUNITY_REPORT'),
            OpportunityFormPage,
          ),
          leaf(
            '/intelligence-suite/employee-growth',
            signedIn('employee-growth', 'EMPLOYEE_GROWTH_REPORT'),
            EmployeeGrowthFormPage,
          ),
          leaf('/user/settings', signedIn('settings', 'SETTINGS_PROFILE'), ProfilePage),
          leaf('/user/security', signedIn('security'), SecurityPage),
          leaf('/user/assistants', signedIn('assistants'), AssistantsPage),
          leaf('/user/alerts', signedIn('alerts'), AlertsPage),
          leaf('/user/datasources', signedIn('datasources', 'SETTINGS_DATASOURCE'), DatasourcesPage),
          leaf('/user/datasources/:id/model', signedIn('model', 'ADMIN_MODELS'), ModelPage),
          leaf('/user/subscriptions', signedIn('subscriptions'), SubscriptionsPage),
          leaf('/logout', signedIn('logout'), LogoutPage),
          leaf('/onboarding', signedIn('onboarding', undefined, { layout: 'bare' }), OnboardingPage),
          leaf('/help/:id', signedIn('help', undefined, { layout: 'bare' }), HelpArticlePage),
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
