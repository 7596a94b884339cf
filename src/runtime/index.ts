/** What the generated entry module imports (as 'api-prerender/runtime'). Goes into the site's bundle. */
export { binaryType, createApp, InvalidHandlerError, textType, type AppOptions, type RuntimeRoute } from './app.ts';
export { outcomeKey, type RequestOutcome } from './outcome.ts';
export { copiedFolder } from './copied-folders.ts';
export { buildFiles, createBuildFiles, createStaticHandler, serveFiles, type FileMiddleware, type StaticHandler } from './static.ts';
export { defaultBodyLimit, listen, type CloseOptions, type FetchHandler, type RunningServer, type ServeOptions } from './listen.ts';
export { isSafeTarget } from './request-target.ts';
export { buildHandler, serveBuild, startIfMain, type BuildHandler, type BuildServeOptions } from './server.ts';
export { optionsFromEnv, shutdownTimeoutFromEnv } from './env-options.ts';
export { defaultShutdownTimeout, stopOnSignal, type StopOptions } from './shutdown.ts';
export { currentLog, readLogKey, type ReadLog } from './reads.ts';
export { trackFs, trackFsPromises } from './tracked-fs.ts';
export { trackEnv, trackProcess } from './tracked-env.ts';
export { trackNet } from './tracked-net.ts';
export { trackPath } from './tracked-path.ts';
