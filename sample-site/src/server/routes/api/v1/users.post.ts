import { defineEventHandler, readBody } from 'h3';

export default defineEventHandler(async (event) => {
  const body = await readBody<{ name?: string }>(event);
  return { updated: true, name: body?.name ?? null };
});
