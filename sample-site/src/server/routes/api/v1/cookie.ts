import { defineEventHandler, getCookie, setCookie } from 'h3';

/** Reads the `visits` cookie and sets it one higher. */
export default defineEventHandler((event) => {
  const visits = Number(getCookie(event, 'visits') ?? '0') + 1;
  setCookie(event, 'visits', String(visits), { path: '/', httpOnly: true, sameSite: 'lax' });
  return { visits };
});
