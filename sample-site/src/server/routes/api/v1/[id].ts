import { createError, defineEventHandler, getRouterParam } from 'h3';

export default defineEventHandler((event) => {
  const raw = getRouterParam(event, 'id') ?? '';
  const id = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(id)) {
    throw createError({ statusCode: 400, statusMessage: 'ID should be an integer' });
  }
  return `The id is ${id}`;
});
