import { z } from 'zod';
import { es } from 'zod/locales';

// Validation messages that reach a user (400 `{ msj }`) are in Spanish like everything else.
z.config(es());
