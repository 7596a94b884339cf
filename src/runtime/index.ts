/** What the generated entry module imports (as 'api-prerender/runtime'). Goes into the site's bundle. */
export { createApp, InvalidHandlerError, type RuntimeRoute } from './app.ts';
export { createStaticHandler, readManifestTypes, pathSegments, type StaticHandler } from './static.ts';
export { listen, serveBuild, startIfMain, type FetchHandler, type RunningServer, type ServeOptions } from './server.ts';
