"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Workspace = exports.WorkspaceAdAnalytics = exports.WorkspaceOrganization = exports.WorkspaceBrandingResource = exports.WorkspaceSlug = void 0;
/**
 * The workspace's subdomain slug, branding and ad analytics: the workspace
 * branding endpoints. These live beside the External API, at `{baseURL}/workspace/…`,
 * and answer bare JSON rather than `{data}`; their error answers are the usual typed errors.
 * The media gallery is left out: its upload is multipart, which this JSON client does not send.
 */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
const WORKSPACE_PREFIX = '/workspace';
/** A resource of the workspace endpoints: every answer is a bare JSON object. */
class WorkspaceResource extends resource_js_1.APIResource {
    send(method, path, body, options) {
        return this._client.request({ method, path, body, options, prefix: WORKSPACE_PREFIX, envelope: 'object' });
    }
}
class WorkspaceSlug extends WorkspaceResource {
    /**
     * Whether `slug` can be claimed. Public: the service needs no key for it. A slug that is taken,
     * reserved or breaks a rule is `{available: false, reason}`, not an error.
     */
    check(slug, options) {
        return this.send('get', (0, path_js_1.pathOf) `/check-slug/${slug}`, undefined, options);
    }
    /**
     * Claims `slug` for the workspace and releases its old one (admin key; Starter plan or above).
     * A slug another workspace holds is a ConflictError (code SLUG_TAKEN), a broken rule a
     * BadRequestError. Claiming the slug the workspace already has changes nothing.
     */
    update(params, options) {
        return this.send('put', '/slug', params, options);
    }
}
exports.WorkspaceSlug = WorkspaceSlug;
class WorkspaceBrandingResource extends WorkspaceResource {
    /** The workspace's whole branding and organization, with its login URL (admin key). */
    retrieve(options) {
        return this.send('get', '/branding', undefined, options);
    }
    /** Only the given fields change; colors are #RRGGBB; null clears a logo (admin key). */
    update(params, options) {
        return this.send('patch', '/branding', params, options);
    }
    /**
     * What the login page of the workspace with `slug` shows, with only the active login media
     * item. Public: the service needs no key for it. An unknown slug is a NotFoundError.
     */
    retrievePublic(slug, options) {
        return this.send('get', (0, path_js_1.pathOf) `/public/branding/${slug}`, undefined, options);
    }
}
exports.WorkspaceBrandingResource = WorkspaceBrandingResource;
class WorkspaceOrganization extends WorkspaceResource {
    /** Only the given fields change; country is ISO 3166-1 alpha-2, timezone IANA (admin key). Answers the whole branding. */
    update(params, options) {
        return this.send('patch', '/organization', params, options);
    }
}
exports.WorkspaceOrganization = WorkspaceOrganization;
class WorkspaceAdAnalytics extends WorkspaceResource {
    /** Ad clicks of the last 30 days: totals, unique visitors, per day, devices, top 10 browsers (Pro plan or above). */
    retrieve(options) {
        return this.send('get', '/ad-analytics', undefined, options);
    }
}
exports.WorkspaceAdAnalytics = WorkspaceAdAnalytics;
class Workspace extends resource_js_1.APIResource {
    slug;
    branding;
    organization;
    adAnalytics;
    constructor(client) {
        super(client);
        this.slug = new WorkspaceSlug(client);
        this.branding = new WorkspaceBrandingResource(client);
        this.organization = new WorkspaceOrganization(client);
        this.adAnalytics = new WorkspaceAdAnalytics(client);
    }
}
exports.Workspace = Workspace;
