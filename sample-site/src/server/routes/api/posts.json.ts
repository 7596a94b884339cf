import { defineEventHandler } from 'h3';
import { listPosts } from '../../../data/posts';

export default defineEventHandler(() => listPosts().map(({ slug, title, date }) => ({ slug, title, date })));
