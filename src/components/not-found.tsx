import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '~/client/use-document-title.ts';

/** Spec section 2: any unknown path shows "404 Page Not Found". */
export function NotFound() {
  useDocumentTitle('404 Page Not Found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-3 text-base-content/70">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}
