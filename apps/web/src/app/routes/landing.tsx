import { TopBar } from '../../features/landing/components/top-bar';
import { Hero } from '../../features/landing/components/hero';
import { Benefits, Comparison, Products, WhyChoose } from '../../features/landing/components/sections';
import { ContactForm } from '../../features/landing/components/contact-form';
import { Footer } from '../../features/landing/components/footer';

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <TopBar />
      <main>
        <Hero />
        <WhyChoose />
        <Products />
        <Benefits />
        <Comparison />
        <ContactForm />
      </main>
      <Footer />
    </div>
  );
}
