import { defineEventHandler } from 'h3';

/** Fails on purpose: `prerender dev` shows this message; preview and the built server must not reveal it. */
export default defineEventHandler(() => {
  throw new Error('database password is hunter2');
});
