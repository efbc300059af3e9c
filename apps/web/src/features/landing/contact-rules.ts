/** The landing page's contact inquiry (checked in the browser, not submitted) and its rules. */
export interface ContactInquiry {
  name: string;
  email: string;
  message: string;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(form: ContactInquiry): Partial<Record<'name' | 'email', string>> {
  const errors: Partial<Record<'name' | 'email', string>> = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(form.email.trim())) errors.email = 'Invalid email address';
  return errors;
}
