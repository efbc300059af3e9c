-- A login locked out for an address it never used can be unlocked with a code mailed to the account: a third kind
-- of one-time code beside the verification and reset codes.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('verify', 'reset', 'unlock'));
