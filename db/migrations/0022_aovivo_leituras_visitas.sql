CREATE TABLE "chat_leitura" (
	"mensagem_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"hotsite_id" integer NOT NULL,
	"lida_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_leitura_mensagem_id_usuario_id_pk" PRIMARY KEY("mensagem_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "visita_pagina" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visita_pagina_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"visitante_uid" uuid NOT NULL,
	"usuario_id" integer,
	"url" text NOT NULL,
	"pagina" text NOT NULL,
	"referrer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visita_pagina_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "chat_leitura" ADD CONSTRAINT "chat_leitura_mensagem_id_chat_mensagem_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "chat_mensagem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_leitura" ADD CONSTRAINT "chat_leitura_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_leitura" ADD CONSTRAINT "chat_leitura_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_pagina" ADD CONSTRAINT "visita_pagina_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_pagina" ADD CONSTRAINT "visita_pagina_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visita_pagina_hotsite_id_created_at_index" ON "visita_pagina" USING btree ("hotsite_id","created_at");--> statement-breakpoint
CREATE INDEX "visita_pagina_visitante_uid_index" ON "visita_pagina" USING btree ("visitante_uid");