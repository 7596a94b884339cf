import { defineEventHandler } from 'h3';

export default defineEventHandler(() => 'Default API route');
