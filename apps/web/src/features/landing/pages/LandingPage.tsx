import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSection } from '../components/ContactSection';
import { CtaBanner } from '../components/CtaBanner';
import { FeaturesSection } from '../components/FeaturesSection';
import { HeroSection } from '../components/HeroSection';
import { LandingFooter } from '../components/LandingFooter';
import { LandingHeader } from '../components/LandingHeader';
import { PricingSection } from '../components/PricingSection';
import { SecuritySection } from '../components/SecuritySection';

/** "/": the public landing page (features, pricing, security, contact; legal modals in the footer). */
export function LandingPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('brand')} · ${t('tagline')}`;
  }, [t]);
  return (
    <Box>
      <LandingHeader />
      <main>
        <HeroSection />
        <FeaturesSection />
        <PricingSection />
        <SecuritySection />
        <ContactSection />
        <CtaBanner />
      </main>
      <LandingFooter />
    </Box>
  );
}
