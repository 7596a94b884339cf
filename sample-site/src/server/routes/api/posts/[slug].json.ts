import { createError, defineEventHandler, getRouterParam } from 'h3';
import { listPosts } from '../../../../data/posts';

export default defineEventHandler((event) => {
  const post = listPosts().find((p) => p.slug === getRouterParam(event, 'slug'));
  if (!post) throw createError({ statusCode: 404, statusMessage: 'No such post' });
  return post;
});
