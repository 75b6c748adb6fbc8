/**
 * Territories with their own ISO 3166-1 code, by the code of the state they belong to. Lists such as
 * UNESCO's name the state ("FR" for New Caledonia's reefs) where the shapes, like ISO, name the
 * territory; both are right, and the territory's code is the more precise.
 */
export const sovereignOf: Readonly<Record<string, string>> = {
  AX: 'FI', AW: 'NL', BQ: 'NL', CW: 'NL', SX: 'NL', FO: 'DK', GL: 'DK', BL: 'FR', GF: 'FR', GP: 'FR', MF: 'FR',
  MQ: 'FR', NC: 'FR', PF: 'FR', PM: 'FR', RE: 'FR', TF: 'FR', WF: 'FR', YT: 'FR', AS: 'US', GU: 'US', MP: 'US',
  PR: 'US', UM: 'US', VI: 'US', AI: 'GB', BM: 'GB', FK: 'GB', GG: 'GB', GI: 'GB', GS: 'GB', IM: 'GB', IO: 'GB',
  JE: 'GB', KY: 'GB', MS: 'GB', PN: 'GB', SH: 'GB', TC: 'GB', VG: 'GB', HK: 'CN', MO: 'CN', CK: 'NZ', NU: 'NZ',
  TK: 'NZ', CC: 'AU', CX: 'AU', HM: 'AU', NF: 'AU', BV: 'NO', SJ: 'NO',
};
