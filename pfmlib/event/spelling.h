/*
 * SPDX-License-Identifier: MIT
 * event/spelling.h - the spelling of an encoding's fully qualified string,
 * settled with the encoding (event/spelling.c): libpfm4 4.13's where it
 * encodes as the encoding again, else the strict one, and what it writes.
 */
#ifndef PP_EVENT_SPELLING_H
#define PP_EVENT_SPELLING_H

#include "event/encode.h"

/*
 * Settle e->spell and e->mods_shown for the fstr of e (e encoded): libpfm4's
 * spelling (every selected unit mask, every modifier the layer shows) when
 * the string it spells certainly encodes as e again, decided from e alone
 * (no second parse or encode); otherwise the strict one (only what the
 * string named or a unit mask set). os/fstr.c writes what is settled here.
 */
void pp_enc_spell(struct pp_enc *e);

#endif /* PP_EVENT_SPELLING_H */
