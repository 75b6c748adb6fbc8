// What travellers type into the search box, with the landmark(s) they mean, over the bundled
// content (content/landmarks): the relevance set `npm run bench` scores our search and MiniSearch
// by. Queries are written as heard or half-remembered on a phone, not as the names are spelt;
// a query expects a landmark that exists in content/ (test/api/search-relevance.test.ts checks).

export interface RelevanceQuery {
  query: string;
  /** The landmarks the traveller means: any of them ranked first is a hit. */
  expected: string[];
  /** What kind of slip the query makes, to read the figures by. */
  kind: 'exact' | 'typo at start' | 'typo inside' | 'typo at end' | 'one word' | 'split' | 'no accents' | 'place and name' | 'partial' | 'other name';
}

const q = (query: string, kind: RelevanceQuery['kind'], ...expected: string[]): RelevanceQuery => ({ query, expected, kind });

export const relevanceSet: readonly RelevanceQuery[] = [
  q('eiffel tower', 'exact', 'eiffel-tower'),
  q('taj mahal', 'exact', 'taj-mahal'),
  q('colosseum', 'exact', 'colosseum'),
  q('golden gate bridge', 'exact', 'golden-gate-bridge'),
  q('pantheon rome', 'exact', 'pantheon-rome'),
  q('big ben', 'exact', 'big-ben'),

  q('ieffel tower', 'typo at start', 'eiffel-tower'),
  q('kolosseum', 'typo at start', 'colosseum'),
  q('tsonehenge', 'typo at start', 'stonehenge'),
  q('agrada familia', 'typo at start', 'sagrada-familia'),
  q('kyeongbokgung', 'typo at start', 'gyeongbokgung'),
  q('burj kalifa', 'typo at start', 'burj-khalifa'),
  q('sidney opera house', 'typo at start', 'sydney-opera-house'),
  q('shonbrunn palace', 'typo at start', 'schonbrunn-palace'),
  q('riechstag', 'typo at start', 'reichstag-building'),
  q('akropolis', 'typo at start', 'acropolis-of-athens'),
  q('hcichen itza', 'typo at start', 'chichen-itza'),
  q('nuschwanstein castle', 'typo at start', 'neuschwanstein-castle'),
  q('vestminster abbey', 'typo at start', 'westminster-abbey'),
  q('blitvice lakes', 'typo at start', 'plitvice-lakes-national-park'),

  q('eifel tower', 'typo inside', 'eiffel-tower'),
  q('stonhenge', 'typo inside', 'stonehenge'),
  q('neuschwannstein', 'typo inside', 'neuschwanstein-castle'),
  q('sagarda familia', 'typo inside', 'sagrada-familia'),
  q('machu pichu', 'typo inside', 'machu-picchu'),
  q('ankor wat', 'typo inside', 'angkor-wat'),
  q('christ the reedemer', 'typo inside', 'christ-the-redeemer'),
  q('lourve', 'typo inside', 'louvre-museum'),
  q('versialles', 'typo inside', 'chateau-de-versailles'),
  q('brandenberg gate', 'typo inside', 'brandenburg-gate'),
  q('terracota army', 'typo inside', 'terracotta-army'),
  q('westminister abbey', 'typo inside', 'westminster-abbey'),
  q('borobodur', 'typo inside', 'borobudur'),
  q('aushwitz', 'typo inside', 'auschwitz-birkenau'),
  q('coliseum rome', 'typo inside', 'colosseum'),
  q('hagia sofia', 'typo inside', 'hagia-sophia'),
  q('sydney harbor bridge', 'typo inside', 'sydney-harbour-bridge'),

  q('statue of libery', 'typo at end', 'statue-of-liberty'),
  q('taj mahel', 'typo at end', 'taj-mahal'),
  q('buckingam palace', 'typo at end', 'buckingham-palace'),
  q('edinburg castle', 'typo at end', 'edinburgh-castle'),
  q('pyramids giza', 'typo at end', 'great-pyramid-of-giza'),
  q('yosemity', 'typo at end', 'yosemite-national-park'),
  q('kilimanjaru', 'typo at end', 'mount-kilimanjaro'),
  q('arc de triumph', 'typo at end', 'arc-de-triomphe'),

  q('tajmahal', 'one word', 'taj-mahal'),
  q('tajmahl', 'one word', 'taj-mahal'),
  q('sagradafamilia', 'one word', 'sagrada-familia'),
  q('notredame', 'one word', 'notre-dame-de-paris'),
  q('notredame saigon', 'one word', 'notre-dame-cathedral-basilica-of-saigon'),
  q('burjkhalifa', 'one word', 'burj-khalifa'),
  q('bigben', 'one word', 'big-ben'),
  q('towerbridge', 'one word', 'tower-bridge'),
  q('goldengatebridge', 'one word', 'golden-gate-bridge'),
  q('machupicchu', 'one word', 'machu-picchu'),
  q('angkorwat', 'one word', 'angkor-wat'),
  q('empirestate building', 'one word', 'empire-state-building'),
  q('montsaintmichel', 'one word', 'mont-saint-michel'),
  q('kinkakuji', 'one word', 'kinkaku-ji'),
  q('sacrecoeur', 'one word', 'sacre-coeur'),
  q('rapanui', 'one word', 'easter-island'),
  q('cntower', 'one word', 'cn-tower'),

  q('sky tree', 'split', 'tokyo-skytree'),
  q('sugar loaf mountain', 'split', 'sugarloaf-mountain'),
  q('aya sofya', 'split', 'hagia-sophia'),
  q('kiyomizu dera', 'split', 'kiyomizu-dera'),
  q('stone henge', 'split', 'stonehenge'),
  q('ha long bay', 'split', 'ha-long-bay'),

  q('chateau de versailles', 'no accents', 'chateau-de-versailles'),
  q('musee d orsay', 'no accents', 'musee-d-orsay'),
  q('belem tower', 'no accents', 'belem-tower'),
  q('schonbrunn', 'no accents', 'schonbrunn-palace'),
  q('park guell', 'no accents', 'park-guell'),
  q('teatro colon', 'no accents', 'teatro-colon'),
  q('zocalo', 'no accents', 'zocalo'),
  q('galapagos islands', 'no accents', 'galapagos-islands'),
  q('sacre coeur', 'no accents', 'sacre-coeur'),

  q('london tower', 'place and name', 'tower-of-london'),
  q('notre dame paris', 'place and name', 'notre-dame-de-paris'),
  q('istanbul tower', 'place and name', 'galata-tower'),
  q('berlin gate', 'place and name', 'brandenburg-gate'),
  q('rome fountain', 'place and name', 'trevi-fountain'),
  q('athens acropolis', 'place and name', 'acropolis-of-athens'),
  q('grand palace bangkok', 'place and name', 'grand-palace'),
  q('agra taj', 'place and name', 'taj-mahal'),
  q('cape town mountain', 'place and name', 'table-mountain'),
  q('singapore merlion', 'place and name', 'merlion-park'),

  q('eiff', 'partial', 'eiffel-tower'),
  q('neusch', 'partial', 'neuschwanstein-castle'),
  q('machu pic', 'partial', 'machu-picchu'),
  q('statue of lib', 'partial', 'statue-of-liberty'),
  q('tower br', 'partial', 'tower-bridge'),
  q('sagrada', 'partial', 'sagrada-familia'),
  q('kilimanj', 'partial', 'mount-kilimanjaro'),

  q('ayers rock', 'other name', 'uluru'),
  q('brandenburger tor', 'other name', 'brandenburg-gate'),
  q('fontana di trevi', 'other name', 'trevi-fountain'),
  q('mt fuji', 'other name', 'mount-fuji'),
  q('cristo redentor', 'other name', 'christ-the-redeemer'),
  q('prague orloj', 'other name', 'prague-astronomical-clock'),
];
