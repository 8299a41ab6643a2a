/**
 * The workspace's subdomain slug, branding and ad analytics: the workspace
 * branding endpoints. These live beside the External API, at `{baseURL}/workspace/…`,
 * and answer bare JSON rather than `{data}`; their error answers are the usual typed errors.
 * The media gallery is left out: its upload is multipart, which this JSON client does not send.
 */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { APIClient } from '../core/apiClient.js';
import type { HttpMethod, RequestOptions } from '../core/options.js';
import type { AdAnalytics, BrandingUpdateParams, OrganizationUpdateParams, PublicBranding, SlugCheck, SlugUpdated, SlugUpdateParams, WorkspaceBranding } from '../types.js';
/** A resource of the workspace endpoints: every answer is a bare JSON object. */
declare abstract class WorkspaceResource extends APIResource {
    protected send<T>(method: HttpMethod, path: string, body: unknown, options: RequestOptions | undefined): APIPromise<T>;
}
export declare class WorkspaceSlug extends WorkspaceResource {
    /**
     * Whether `slug` can be claimed. Public: the service needs no key for it. A slug that is taken,
     * reserved or breaks a rule is `{available: false, reason}`, not an error.
     */
    check(slug: string, options?: RequestOptions): APIPromise<SlugCheck>;
    /**
     * Claims `slug` for the workspace and releases its old one (admin key; Starter plan or above).
     * A slug another workspace holds is a ConflictError (code SLUG_TAKEN), a broken rule a
     * BadRequestError. Claiming the slug the workspace already has changes nothing.
     */
    update(params: SlugUpdateParams, options?: RequestOptions): APIPromise<SlugUpdated>;
}
export declare class WorkspaceBrandingResource extends WorkspaceResource {
    /** The workspace's whole branding and organization, with its login URL (admin key). */
    retrieve(options?: RequestOptions): APIPromise<WorkspaceBranding>;
    /** Only the given fields change; colors are #RRGGBB; null clears a logo (admin key). */
    update(params: BrandingUpdateParams, options?: RequestOptions): APIPromise<WorkspaceBranding>;
    /**
     * What the login page of the workspace with `slug` shows, with only the active login media
     * item. Public: the service needs no key for it. An unknown slug is a NotFoundError.
     */
    retrievePublic(slug: string, options?: RequestOptions): APIPromise<PublicBranding>;
}
export declare class WorkspaceOrganization extends WorkspaceResource {
    /** Only the given fields change; country is ISO 3166-1 alpha-2, timezone IANA (admin key). Answers the whole branding. */
    update(params: OrganizationUpdateParams, options?: RequestOptions): APIPromise<WorkspaceBranding>;
}
export declare class WorkspaceAdAnalytics extends WorkspaceResource {
    /** Ad clicks of the last 30 days: totals, unique visitors, per day, devices, top 10 browsers (Pro plan or above). */
    retrieve(options?: RequestOptions): APIPromise<AdAnalytics>;
}
export declare class Workspace extends APIResource {
    readonly slug: WorkspaceSlug;
    readonly branding: WorkspaceBrandingResource;
    readonly organization: WorkspaceOrganization;
    readonly adAnalytics: WorkspaceAdAnalytics;
    constructor(client: APIClient);
}
export {};
