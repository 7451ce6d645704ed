-- Reference data: the four truck statuses of the yard (spec sections 4 and 9).
INSERT INTO "estados_camion" ("codestado", "nomestado") VALUES
  (1, 'Playa sin orden'),
  (2, 'Playa con orden'),
  (3, 'Operando'),
  (4, 'Finalizado')
ON CONFLICT ("codestado") DO NOTHING;
