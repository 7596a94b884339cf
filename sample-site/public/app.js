// Renders the post list from the prerendered /api/posts.json (newest first, as the API sorts it).
const list = document.getElementById('posts');
const status = document.getElementById('status');

function renderPost(post) {
  const item = document.createElement('li');
  item.className = 'post';
  item.dataset.slug = post.slug;

  const title = document.createElement('a');
  title.className = 'post-title';
  title.href = `/api/posts/${encodeURIComponent(post.slug)}.json`;
  title.textContent = post.title;

  const date = document.createElement('time');
  date.className = 'post-date';
  date.dateTime = post.date;
  date.textContent = post.date;

  item.append(title, ' ', date);
  return item;
}

try {
  const response = await fetch('/api/posts.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/posts.json answered ${response.status}`);
  const posts = await response.json();
  list.replaceChildren(...posts.map(renderPost));
  status.textContent = `${posts.length} post${posts.length === 1 ? '' : 's'}`;
  document.body.dataset.state = 'ready';
} catch (error) {
  status.textContent = `Could not load the posts: ${error.message}`;
  document.body.dataset.state = 'error';
}
