import { defineEventHandler, getRouterParam } from 'h3';

export default defineEventHandler((event) => `User profile of ${getRouterParam(event, 'id')}`);
