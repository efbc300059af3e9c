import { useState } from 'react';
import { Mail, MapPin, Phone } from 'lucide-react';
import { validateContact, type ContactInquiry } from '../contact-rules';

/**
 * The landing page's contact form: checked as the visitor types, with the send action disabled and no target.
 * Nothing is submitted anywhere.
 */
export function ContactForm() {
  const [form, setForm] = useState<ContactInquiry>({ name: '', email: '', message: '' });
  const [touched, setTouched] = useState<Record<keyof ContactInquiry, boolean>>({ name: false, email: false, message: false });
  const errors = validateContact(form);
  const set = (key: keyof ContactInquiry) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm({ ...form, [key]: e.target.value });
  const touch = (key: keyof ContactInquiry) => () => setTouched({ ...touched, [key]: true });
  const show = (key: 'name' | 'email') => (touched[key] ? errors[key] : undefined);

  return (
    <section id="contact" className="scroll-mt-16 bg-white py-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-blue-600">Contact Us</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Talk to a survey specialist</h2>
          <p className="mt-4 text-slate-600">Tell us about your sites and crews; we will show you how the rover and base station fit your work.</p>
          <ul className="mt-8 space-y-4 text-slate-700">
            <li className="flex items-center gap-3"><Mail aria-hidden="true" className="h-5 w-5 text-blue-600" /> Questions about rovers, base stations and plans</li>
            <li className="flex items-center gap-3"><Phone aria-hidden="true" className="h-5 w-5 text-blue-600" /> Help moving your crews from total stations</li>
            <li className="flex items-center gap-3"><MapPin aria-hidden="true" className="h-5 w-5 text-blue-600" /> Demonstrations on your own site</li>
          </ul>
        </div>
        <form className="space-y-4 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200" onSubmit={(e) => e.preventDefault()} noValidate aria-label="Contact form">
          <Field id="contact-name" label="Name" error={show('name')}>
            <input id="contact-name" className="input" value={form.name} onChange={set('name')} onBlur={touch('name')} aria-invalid={!!show('name')} aria-describedby="contact-name-error" autoComplete="name" />
          </Field>
          <Field id="contact-email" label="Email" error={show('email')}>
            <input id="contact-email" type="email" className="input" value={form.email} onChange={set('email')} onBlur={touch('email')} aria-invalid={!!show('email')} aria-describedby="contact-email-error" autoComplete="email" />
          </Field>
          <div>
            <label htmlFor="contact-message" className="label">Message <span className="font-normal text-slate-600">(optional)</span></label>
            <textarea id="contact-message" rows={4} className="input py-2" value={form.message} onChange={set('message')} />
          </div>
          <button type="submit" className="btn-primary w-full" disabled aria-describedby="contact-note">
            Send message
          </button>
          <p id="contact-note" className="text-center text-xs text-slate-500">Online sending is not available yet.</p>
        </form>
      </div>
    </section>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">{label}</label>
      {children}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
