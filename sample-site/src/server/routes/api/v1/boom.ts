import { defineEventHandler } from 'h3';

/** Fails on purpose: the body of the 500 must not reveal this message. */
export default defineEventHandler(() => {
  throw new Error('database password is hunter2');
});
