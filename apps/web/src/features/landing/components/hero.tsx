import { Link } from 'react-router-dom';
import { PlayCircle } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { DEMO_VIDEO_URL } from '../demo-video';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-slate-900 text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_70%_20%,rgba(37,99,235,0.45),transparent_55%)]" />
      <div aria-hidden="true" className="absolute inset-0 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px]" />
      <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-20 md:grid-cols-2 md:items-center md:py-28">
        <div>
          <p className="mb-4 inline-flex rounded-full bg-blue-500/15 px-3 py-1 text-xs font-semibold tracking-wide text-blue-300 ring-1 ring-blue-400/30">
            RTK rover + base station + cloud
          </p>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Site measurement, live from the field.</h1>
          <p className="mt-5 max-w-xl text-lg text-slate-300">
            Register your rover and base station, watch them on a live map and record survey points by section. Surveys up to 70% faster,
            set up in under 5 minutes.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.login} className="btn-primary px-6">
              Get started
            </Link>
            <a href={DEMO_VIDEO_URL} target="_blank" rel="noopener noreferrer" className="btn border border-white/20 px-6 text-white hover:bg-white/10">
              <PlayCircle aria-hidden="true" className="h-5 w-5" />
              Watch live demo
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </div>
        <HeroFigure />
      </div>
    </section>
  );
}

/** A drawn survey scene: base station rings and rovers with distance lines, like the live canvas inside. */
function HeroFigure() {
  return (
    <svg viewBox="0 0 400 300" className="w-full rounded-2xl bg-slate-800/60 ring-1 ring-white/10" role="img" aria-label="A base station with two rovers and their distances">
      {[60, 120, 180, 240, 300, 360].map((x) => (
        <line key={`v${x}`} x1={x} y1="0" x2={x} y2="300" stroke="rgba(255,255,255,0.06)" />
      ))}
      {[60, 120, 180, 240].map((y) => (
        <line key={`h${y}`} x1="0" y1={y} x2="400" y2={y} stroke="rgba(255,255,255,0.06)" />
      ))}
      <line x1="200" y1="160" x2="90" y2="80" stroke="#60a5fa" strokeDasharray="4 4" />
      <line x1="200" y1="160" x2="320" y2="220" stroke="#60a5fa" strokeDasharray="4 4" />
      <text x="128" y="112" fill="#cbd5e1" fontSize="12">42 m</text>
      <text x="262" y="182" fill="#cbd5e1" fontSize="12">37 m</text>
      <circle cx="200" cy="160" r="34" fill="none" stroke="rgba(148,163,184,0.35)" />
      <circle cx="200" cy="160" r="20" fill="none" stroke="rgba(148,163,184,0.55)" />
      <circle cx="200" cy="160" r="8" fill="#94a3b8" />
      <text x="180" y="210" fill="#e2e8f0" fontSize="12">Base</text>
      <circle cx="90" cy="80" r="14" fill="rgba(59,130,246,0.25)" />
      <circle cx="90" cy="80" r="7" fill="#3b82f6" />
      <text x="70" y="62" fill="#e2e8f0" fontSize="12">Rover 1</text>
      <circle cx="320" cy="220" r="14" fill="rgba(59,130,246,0.25)" />
      <circle cx="320" cy="220" r="7" fill="#3b82f6" />
      <text x="300" y="250" fill="#e2e8f0" fontSize="12">Rover 2</text>
    </svg>
  );
}
