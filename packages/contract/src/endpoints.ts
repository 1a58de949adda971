/**
 * Every HTTP endpoint of the API, declared once (Documenso's `*.types.ts`, Immich's SDK). The key
 * is the request line, `METHOD /path`, so the web client can call an endpoint by its key with
 * only a type import of this file (no zod in the browser's sign-in bundle); the server registers
 * each route from its descriptor (validation, serialisation, OpenAPI).
 */
import { alertEndpoints } from './alerts';
import { assistantEndpoints } from './assistants';
import {
  ZAuthConfig,
  ZAuthProviders,
  ZChangePasswordBody,
  ZEmailLinkBody,
  ZLinkQuery,
  ZLoginRedirectQuery,
  ZLoginWithPasswordBody,
  ZPasswordResetBody,
  ZProjectsResponse,
  ZTenant,
  ZTimezoneBody,
  ZXsrfResponse,
} from './auth';
import {
  ZCollection,
  ZCollectionIdBody,
  ZCollectionIdQuery,
  ZCollectionPreviewBody,
  ZCollectionPreviewResponse,
  ZCollectionQueryBody,
  ZCollectionQueryResponse,
  ZCollections,
  ZCreateCollectionBody,
  ZUpdateCollectionBody,
} from './collections';
import { ZContactBody, ZContactResponse } from './contact';
import {
  ZConversationHistory,
  ZConversationHistoryQuery,
  ZConversationQueryBody,
  ZConversationQueryResponse,
  ZCsvQuery,
  ZEmailCardBody,
  ZFavourites,
  ZFeedbackBody,
  ZSuggestions,
  ZSuggestionsQuery,
} from './conversations';
import {
  ZAccounts,
  ZAccountsQuery,
  ZAddAccountBody,
  ZCreateDatasourceBody,
  ZDatasourceIdResponse,
  ZDatasourceRedirectQuery,
  ZDatasourceRef,
  ZDatasourceTypes,
  ZDatasourceTypesQuery,
  ZDatasourceUsage,
  ZDatasourceUsageQuery,
  ZDefaultDatasourceBody,
  ZDeleteDatasourceQuery,
  ZRemoveAccountBody,
  ZRenameDatasourceBody,
  ZUploadResponse,
} from './datasources';
import type { EndpointSchemas, HttpMethod } from './endpoint-schemas';
import { ZEmpty, ZErrorResponse } from './errors';
import { ZGuideState, ZGuideUpdateBody } from './guide';
import {
  ZDbtImportBody,
  ZDbtImportResult,
  ZModelParams,
  ZModelPreview,
  ZModelPreviewBody,
  ZModelVersionParams,
  ZModelVersions,
  ZModelView,
  ZNotifications,
  ZNotificationsQuery,
  ZReadNotificationsBody,
  ZSaveModelBody,
  ZTeachWordBody,
  ZTryPhraseBody,
  ZTryPhraseResult,
  ZUnread,
  ZVerifiedParams,
  ZVerifiedQuestion,
  ZVerifiedQuestions,
  ZVerifyBody,
} from './models';
import {
  ZAddress,
  ZAddressBody,
  ZAddresses,
  ZChangePlanBody,
  ZCheckoutBody,
  ZCheckoutResponse,
  ZPayments,
  ZPlans,
  ZPricingPreview,
  ZSubscription,
  ZUpdateAddressBody,
} from './plans';
import { ZProfileBody, ZRegisterBody, ZSignupBody } from './profile';
import {
  ZReportEntry,
  ZReportIssues,
  ZReportIssuesQuery,
  ZReportRefBody,
  ZReportRunResponse,
  ZReportsResponse,
  ZReportUpdateBody,
} from './reports';
import { ZDeleteSynonymQuery, ZLearnedSynonyms, ZSynonymsQuery } from './synonyms';
import { z } from './zod';

export const endpoints = {
  // auth: sign-in, sessions, tenant (spec 1 §4)
  'GET /auth/config': { tag: 'auth', public: true, response: ZAuthConfig },
  'GET /auth/providers': { tag: 'auth', public: true, response: ZAuthProviders },
  'POST /auth/loginwithpassword': {
    tag: 'auth',
    public: true,
    body: ZLoginWithPasswordBody,
    response: ZXsrfResponse,
  },
  'POST /auth/loginwithemail': { tag: 'auth', public: true, body: ZEmailLinkBody, response: ZEmpty },
  'POST /auth/signup': { tag: 'auth', public: true, body: ZSignupBody, response: ZEmpty },
  'POST /auth/forgotpassword': { tag: 'auth', public: true, body: ZEmailLinkBody, response: ZEmpty },
  'GET /auth/link': { tag: 'auth', public: true, query: ZLinkQuery, response: null },
  'GET /auth/recover': { tag: 'auth', public: true, query: ZLinkQuery, response: null },
  'POST /auth/passwordreset': {
    tag: 'auth',
    public: true,
    body: ZPasswordResetBody,
    response: ZXsrfResponse,
  },
  'GET /auth/loginredirect': { tag: 'auth', public: true, query: ZLoginRedirectQuery, response: null },
  'GET /auth/callback': { tag: 'auth', public: true, response: null },
  'POST /auth/changepassword': { tag: 'auth', body: ZChangePasswordBody, response: ZEmpty },
  'POST /auth/logout': { tag: 'auth', response: ZEmpty },
  'GET /auth/tenant': { tag: 'auth', response: ZTenant },
  'PUT /auth/tenant/timezone': { tag: 'auth', body: ZTimezoneBody, response: ZEmpty },
  // onboarding and profile (spec 1 §2.5, §2.7)
  'POST /auth/register': { tag: 'onboarding', body: ZRegisterBody, response: ZTenant },
  'PUT /features/profile': { tag: 'profile', body: ZProfileBody, response: ZTenant },
  'DELETE /api/v1/auth/account': { tag: 'profile', response: ZErrorResponse, status: 401 },
  'GET /features/projects': { tag: 'projects', response: ZProjectsResponse },
  // conversations (spec 2 §7)
  'POST /features/conversations/query': {
    tag: 'conversations',
    body: ZConversationQueryBody,
    response: ZConversationQueryResponse,
  },
  'GET /features/conversations': {
    tag: 'conversations',
    query: ZConversationHistoryQuery,
    response: ZConversationHistory,
  },
  'GET /features/favourites': { tag: 'conversations', response: ZFavourites },
  'GET /features/suggestions': { tag: 'conversations', query: ZSuggestionsQuery, response: ZSuggestions },
  'POST /api/v1/feedback': {
    tag: 'conversations',
    body: ZFeedbackBody,
    response: z.object({ id: z.string() }),
  },
  // The chart image travels in the body: more than the default 1 MiB.
  'POST /api/v1/email_card': {
    tag: 'conversations',
    body: ZEmailCardBody,
    response: ZEmpty,
    bodyLimit: 4 * 1024 * 1024,
  },
  'GET /features/csv': { tag: 'conversations', query: ZCsvQuery, response: null },
  // the dashboard's Getting started guide (spec 2 "Other named screen areas")
  'GET /features/guide': { tag: 'guide', response: ZGuideState },
  'PUT /features/guide': { tag: 'guide', body: ZGuideUpdateBody, response: ZGuideState },
  // Intelligence Suite reports (spec 2 §7; DESIGN §11)
  'GET /features/deep-research-reports': { tag: 'reports', response: ZReportsResponse },
  'PUT /features/deep-research-report': { tag: 'reports', body: ZReportUpdateBody, response: ZReportEntry },
  'PUT /features/deep-research-report/run': {
    tag: 'reports',
    body: ZReportRefBody,
    response: ZReportRunResponse,
  },
  'PUT /features/deep-research-report/start': {
    tag: 'reports',
    body: ZReportRefBody,
    response: ZReportEntry,
  },
  'PUT /features/deep-research-report/stop': { tag: 'reports', body: ZReportRefBody, response: ZReportEntry },
  'GET /features/deep-research-report/issues': {
    tag: 'reports',
    query: ZReportIssuesQuery,
    response: ZReportIssues,
  },
  // collections (spec 2 §7; DESIGN §11)
  'GET /features/collections': { tag: 'collections', response: ZCollections },
  'POST /features/collection': { tag: 'collections', body: ZCreateCollectionBody, response: ZCollection },
  'PUT /features/collection': { tag: 'collections', body: ZUpdateCollectionBody, response: ZCollection },
  'DELETE /features/collection': { tag: 'collections', query: ZCollectionIdQuery, response: ZEmpty },
  'POST /features/collections/query': {
    tag: 'collections',
    body: ZCollectionQueryBody,
    response: ZCollectionQueryResponse,
  },
  'POST /features/collections/preview': {
    tag: 'collections',
    body: ZCollectionPreviewBody,
    response: ZCollectionPreviewResponse,
  },
  'POST /features/collection/digest': { tag: 'collections', body: ZCollectionIdBody, response: ZEmpty },
  // the digest mail's unsubscribe link: works without a session (the signed token), answers a page
  'GET /features/collection/unsubscribe': {
    tag: 'collections',
    public: true,
    query: z.object({ token: z.string().min(1).max(200) }),
    response: null,
  },
  // data sources (spec 2 §2, §7; DESIGN §4, §11)
  'GET /api/v1/datasource/types': {
    tag: 'datasources',
    query: ZDatasourceTypesQuery,
    response: ZDatasourceTypes,
  },
  'GET /api/v1/datasourceredirect': { tag: 'datasources', query: ZDatasourceRedirectQuery, response: null },
  'GET /api/v1/datasource/callback': { tag: 'datasources', response: null },
  'POST /api/v1/datasource': {
    tag: 'datasources',
    body: ZCreateDatasourceBody,
    response: ZDatasourceIdResponse,
  },
  'POST /api/v1/datasource/upload': { tag: 'datasources', upload: true, response: ZUploadResponse },
  'POST /api/v1/datasource/activate': { tag: 'datasources', body: ZDatasourceRef, response: ZEmpty },
  'POST /api/v1/datasource/deactivate': { tag: 'datasources', body: ZDatasourceRef, response: ZEmpty },
  'POST /api/v1/datasource/revoke': { tag: 'datasources', body: ZDatasourceRef, response: ZEmpty },
  'POST /api/v1/datasource/default': { tag: 'datasources', body: ZDefaultDatasourceBody, response: ZEmpty },
  'GET /api/v1/datasource/accounts': { tag: 'datasources', query: ZAccountsQuery, response: ZAccounts },
  'POST /api/v1/datasource/account': { tag: 'datasources', body: ZAddAccountBody, response: ZEmpty },
  'POST /api/v1/datasource/account/remove': {
    tag: 'datasources',
    body: ZRemoveAccountBody,
    response: ZEmpty,
  },
  'DELETE /api/v1/datasource': { tag: 'datasources', query: ZDeleteDatasourceQuery, response: ZEmpty },
  'POST /api/v1/datasource/rename': { tag: 'datasources', body: ZRenameDatasourceBody, response: ZEmpty },
  'GET /api/v1/datasource/usage': {
    tag: 'datasources',
    query: ZDatasourceUsageQuery,
    response: ZDatasourceUsage,
  },
  // learned synonyms: words taught by picking a question back's choice
  'GET /features/synonyms': { tag: 'synonyms', query: ZSynonymsQuery, response: ZLearnedSynonyms },
  'DELETE /features/synonym': { tag: 'synonyms', query: ZDeleteSynonymQuery, response: ZEmpty },
  'POST /features/synonyms': { tag: 'synonyms', body: ZTeachWordBody, response: ZEmpty },

  // DESIGN §12: the model behind a source's answers, its versions, verified questions.
  'GET /api/v1/datasource/:id/model': { tag: 'models', params: ZModelParams, response: ZModelView },
  'PUT /api/v1/datasource/:id/model': {
    tag: 'models',
    params: ZModelParams,
    body: ZSaveModelBody,
    response: ZModelView,
    bodyLimit: 4 * 2 ** 20,
  },
  'POST /api/v1/datasource/:id/model/preview': {
    tag: 'models',
    params: ZModelParams,
    body: ZModelPreviewBody,
    response: ZModelPreview,
    bodyLimit: 4 * 2 ** 20,
  },
  'POST /api/v1/datasource/:id/model/try': {
    tag: 'models',
    params: ZModelParams,
    body: ZTryPhraseBody,
    response: ZTryPhraseResult,
    bodyLimit: 4 * 2 ** 20,
  },
  'GET /api/v1/datasource/:id/model.yaml': { tag: 'models', params: ZModelParams, response: null },
  'PUT /api/v1/datasource/:id/model.yaml': {
    tag: 'models',
    params: ZModelParams,
    response: ZModelView,
    bodyLimit: 4 * 2 ** 20,
  },
  'POST /api/v1/datasource/:id/model/dbt': {
    tag: 'models',
    params: ZModelParams,
    body: ZDbtImportBody,
    response: ZDbtImportResult,
    bodyLimit: 4 * 2 ** 20,
  },
  'GET /api/v1/datasource/:id/model/versions': {
    tag: 'models',
    params: ZModelParams,
    response: ZModelVersions,
  },
  'POST /api/v1/datasource/:id/model/versions/:version/restore': {
    tag: 'models',
    params: ZModelVersionParams,
    response: ZModelView,
  },
  'GET /api/v1/datasource/:id/verified': {
    tag: 'models',
    params: ZModelParams,
    response: ZVerifiedQuestions,
  },
  'POST /api/v1/datasource/:id/verified': {
    tag: 'models',
    params: ZModelParams,
    body: ZVerifyBody,
    response: ZVerifiedQuestion,
  },
  'DELETE /api/v1/datasource/:id/verified/:vid': { tag: 'models', params: ZVerifiedParams, response: ZEmpty },

  // assistants (DESIGN §12): the consent view's calls, the linked assistants
  ...assistantEndpoints,
  // alerts (DESIGN §12, issue 34): their descriptors beside their schemas
  ...alertEndpoints,
  'GET /features/notifications': {
    tag: 'notifications',
    query: ZNotificationsQuery,
    response: ZNotifications,
  },
  'POST /features/notifications/read': {
    tag: 'notifications',
    body: ZReadNotificationsBody,
    response: ZUnread,
  },
  // the help panel's contact form: stored, mailed to SUPPORT_EMAIL, limited per user
  'POST /api/v1/contact': { tag: 'help', body: ZContactBody, response: ZContactResponse },
  // plans and billing (spec 2 §4, §9; DESIGN §11)
  'GET /api/v1/subscription': { tag: 'billing', response: ZSubscription },
  'GET /api/v1/plans': { tag: 'billing', response: ZPlans },
  'POST /api/v1/subscription/checkout': { tag: 'billing', body: ZCheckoutBody, response: ZCheckoutResponse },
  'POST /api/v1/subscription/change': { tag: 'billing', body: ZChangePlanBody, response: ZSubscription },
  'POST /api/v1/subscription/cancel': { tag: 'billing', body: ZEmpty, response: ZSubscription },
  'POST /api/v1/subscription/pause': { tag: 'billing', body: ZEmpty, response: ZSubscription },
  'POST /api/v1/subscription/resume': { tag: 'billing', body: ZEmpty, response: ZSubscription },
  'POST /api/v1/subscription/continue': { tag: 'billing', body: ZEmpty, response: ZSubscription },
  'GET /api/v1/payments': { tag: 'billing', response: ZPayments },
  'GET /api/v1/addresses': { tag: 'billing', response: ZAddresses },
  'POST /api/v1/addresses': { tag: 'billing', body: ZAddressBody, response: ZAddress },
  'PUT /api/v1/addresses': { tag: 'billing', body: ZUpdateAddressBody, response: ZAddress },
  'POST /api/v1/pricing-preview': { tag: 'billing', body: ZCheckoutBody, response: ZPricingPreview },
  // the provider's signed events: verified over the raw body, so no JSON schema here
  'POST /api/v1/billing/webhook': { tag: 'billing', public: true, response: ZEmpty },
  // help articles (markdown, spec 1 §2.8)
  'GET /help/:file': {
    tag: 'help',
    public: true,
    params: z.object({ file: z.string().max(200) }),
    response: null,
  },
} as const satisfies Record<`${HttpMethod} /${string}`, EndpointSchemas>;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;

type Schema<E, F extends string> = E extends { [K in F]: infer S extends z.ZodType } ? S : never;

/** The JSON an endpoint's caller sends: its body, else its query, else nothing. */
export type EndpointInput<K extends EndpointKey> = [Schema<Endpoints[K], 'body'>] extends [never]
  ? [Schema<Endpoints[K], 'query'>] extends [never]
    ? undefined
    : z.input<Schema<Endpoints[K], 'query'>>
  : z.input<Schema<Endpoints[K], 'body'>>;

/** What a successful call answers (after the server's serialisation). */
export type EndpointOutput<K extends EndpointKey> = Endpoints[K]['response'] extends z.ZodType
  ? z.output<Endpoints[K]['response']>
  : unknown;
