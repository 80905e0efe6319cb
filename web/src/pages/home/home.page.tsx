import { ContactSection } from '../../features/home/contact-section.component';
import { FeaturesSection } from '../../features/home/features-section.component';
import { HeroSection } from '../../features/home/hero-section.component';
import { HowItWorksSection } from '../../features/home/how-it-works-section.component';
import { NewsletterSection } from '../../features/home/newsletter-section.component';
import { PricingSection } from '../../features/home/pricing-section.component';
import { SupportSection } from '../../features/home/support-section.component';
import { TestimonialsSection } from '../../features/home/testimonials-section.component';
import { TryItSection } from '../../features/home/try-it-section.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';

export function HomePage() {
  usePageMeta('home');
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <FeaturesSection />
      <TryItSection />
      <TestimonialsSection />
      <PricingSection />
      <NewsletterSection />
      <SupportSection />
      <ContactSection />
    </>
  );
}
