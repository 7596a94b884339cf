import posts from './posts.json';

/** One blog post of the sample site. */
export interface Post {
  slug: string;
  title: string;
  date: string;
  summary: string;
}

/** The posts, newest first. */
export function listPosts(): Post[] {
  return [...(posts as Post[])].sort((a, b) => b.date.localeCompare(a.date));
}

/** Escapes text for XML element content. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
