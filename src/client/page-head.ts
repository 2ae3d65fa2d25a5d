/** The head() of a route: its own title and meta description (React 19 hoists them into <head>). */
export function pageHead(title: string, description: string) {
  const fullTitle = title === 'Atomix Energy' ? title : `${title} | Atomix Energy`;
  return {
    meta: [{ title: fullTitle }, { name: 'description', content: description }],
  };
}
