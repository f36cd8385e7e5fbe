-- The dashboard language a user chose (issue 55): en, de or fr (contract/dashboard-locales.ts);
-- NULL until they choose, when the browser's Accept-Language decides.
ALTER TABLE "users" ADD COLUMN "locale" text;
