import { Link } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { paths } from '../../../lib/paths';

export function Footer() {
  return (
    <footer className="bg-slate-900 py-12 text-slate-400">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 md:flex-row md:items-center md:justify-between">
        <div>
          <Logo inverted />
          <p className="mt-3 max-w-sm text-sm">Rover, base station and cloud platform for site measurement.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <a href="#products" className="inline-flex min-h-11 items-center hover:text-white">Products</a>
          <a href="#benefits" className="inline-flex min-h-11 items-center hover:text-white">Benefits</a>
          <a href="#contact" className="inline-flex min-h-11 items-center hover:text-white">Contact Us</a>
          <Link to={paths.login} className="inline-flex min-h-11 items-center hover:text-white">Sign in</Link>
        </nav>
      </div>
      <p className="mx-auto mt-8 max-w-6xl px-4 text-xs">© {new Date().getFullYear()} Site Measurement IoT</p>
    </footer>
  );
}
