/** What the generated entry module imports (as 'api-prerender/runtime'). Goes into the site's bundle. */
export { binaryType, createApp, type AppOptions, errorOf, InvalidHandlerError, isRouted, textType, type RuntimeRoute } from './app.ts';
export { createBuildFiles, createStaticHandler, pathSegments, type StaticHandler } from './static.ts';
export { defaultBodyLimit, listen, type CloseOptions, type FetchHandler, type RunningServer, type ServeOptions } from './listen.ts';
export { isSafeTarget } from './request-target.ts';
export { serveBuild, startIfMain } from './server.ts';
export { optionsFromEnv, shutdownTimeoutFromEnv } from './env-options.ts';
export { defaultShutdownTimeout, stopOnSignal, type StopOptions } from './shutdown.ts';
