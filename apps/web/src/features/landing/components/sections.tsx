import { BatteryCharging, Cloud, Crosshair, FileDown, Gauge, Map, RadioTower, Satellite, Smartphone, Timer } from 'lucide-react';

function SectionHeading({ eyebrow, title, intro }: { eyebrow: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-blue-600">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h2>
      {intro && <p className="mt-4 text-slate-600">{intro}</p>}
    </div>
  );
}

const WHY = [
  { figure: '70%', text: 'faster surveys: points are recorded straight from the rover, no notebook, no retyping.' },
  { figure: '< 5 min', text: 'to set up, against 30+ minutes for a total station and 15+ for traditional GNSS.' },
  { figure: 'cm', text: 'accuracy from RTK corrections between your own base station and rover.' },
];

export function WhyChoose() {
  return (
    <section className="bg-white py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading eyebrow="Why choose us" title="Built for crews that measure every day" />
        <div className="grid gap-6 md:grid-cols-3">
          {WHY.map((w) => (
            <div key={w.figure} className="rounded-2xl border border-slate-200 p-6 text-center">
              <p className="text-4xl font-bold text-blue-600">{w.figure}</p>
              <p className="mt-3 text-slate-600">{w.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const PRODUCTS = [
  { icon: Smartphone, title: 'Client portable field device', text: 'A light RTK rover on a pole. It streams its position, battery and signal to the cloud while you walk the site.' },
  { icon: RadioTower, title: 'Base station system', text: 'Set it on a known point or let it fix itself. It sends corrections so every rover reading lands at centimetre level.' },
  { icon: Cloud, title: 'Web app cloud platform', text: 'Projects, live map, points by section and exports to PDF, DXF, CSV and TXT, from any browser, office or field.' },
];

export function Products() {
  return (
    <section id="products" className="scroll-mt-16 bg-slate-50 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading eyebrow="Products" title="Three parts, one workflow" intro="Everything a survey team needs, from the pole in the field to the drawing in the office." />
        <div className="grid gap-6 md:grid-cols-3">
          {PRODUCTS.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-600">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

const BENEFITS = [
  { icon: Timer, title: 'Faster fieldwork', text: 'Record a point with one tap; names, sections and accuracy are filled in for you.' },
  { icon: Crosshair, title: 'Centimetre accuracy', text: 'RTK corrections from your base station, with an accuracy grade on every point.' },
  { icon: Map, title: 'Live map', text: 'See the base station and every rover move in real time, with distances between them.' },
  { icon: BatteryCharging, title: 'Device health', text: 'Battery, signal and online status for each device, with alerts before they fail.' },
  { icon: FileDown, title: 'Ready to export', text: 'PDF reports, DXF for CAD, CSV and TXT for any office tool.' },
  { icon: Satellite, title: 'Works with standard GNSS', text: 'Devices speak MQTT and NMEA, so standard receivers can feed the platform.' },
];

export function Benefits() {
  return (
    <section id="benefits" className="scroll-mt-16 bg-white py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading eyebrow="Benefits" title="What your team gains" />
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-2xl border border-slate-200 p-6 transition hover:border-blue-300 hover:shadow-md">
              <Icon aria-hidden="true" className="h-7 w-7 text-blue-600" />
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

const ROWS: Array<[string, string, string, string]> = [
  ['Setup time', '30+ minutes', '15+ minutes', 'Under 5 minutes'],
  ['Accuracy', 'mm', 'cm', 'cm'],
  ['Crew needed', '2 people', '1-2 people', '1 person'],
  ['Line of sight', 'Required', 'Not required', 'Not required'],
  ['Live view in the office', 'No', 'No', 'Yes'],
  ['Data to CAD', 'Manual transfer', 'Manual transfer', 'DXF export in one click'],
];

export function Comparison() {
  return (
    <section className="bg-slate-50 py-20">
      <div className="mx-auto max-w-5xl px-4">
        <SectionHeading eyebrow="Comparison" title="How it compares" />
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">Total station, traditional GNSS and Site Measurement IoT compared</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                  <Gauge aria-hidden="true" className="mr-2 inline h-4 w-4" />
                  Feature
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">Total station</th>
                <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">Traditional GNSS</th>
                <th scope="col" className="bg-blue-600 px-2 py-3 sm:px-4 font-semibold text-white">Site Measurement IoT</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ROWS.map(([feature, ...values]) => (
                <tr key={feature}>
                  <th scope="row" className="px-2 py-3 sm:px-4 font-medium text-slate-900">{feature}</th>
                  <td className="px-2 py-3 sm:px-4 text-slate-600">{values[0]}</td>
                  <td className="px-2 py-3 sm:px-4 text-slate-600">{values[1]}</td>
                  <td className="bg-blue-50 px-2 py-3 sm:px-4 font-semibold text-blue-800">{values[2]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
