/** A deliveries' thread that cannot start (hilo.test.ts): it throws as it loads. */
throw new Error('hilo de prueba: falla al cargar');
