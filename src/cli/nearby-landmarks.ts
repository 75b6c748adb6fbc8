/** A landmark as the import compares it: where it is and what it is called. */
export interface PlacedLandmark {
  slug: string;
  names: readonly string[];
  lat: number;
  lon: number;
}

const earthRadiusMetres = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres. */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Cells of this many degrees; a search looks at as many cells around as its radius needs. */
const cellDegrees = 0.05;

/** Landmarks by grid cell, so that finding those near a point reads a few cells, not the catalogue. */
export class NearbyLandmarks {
  private readonly cells = new Map<string, PlacedLandmark[]>();

  add(landmark: PlacedLandmark): void {
    const key = `${Math.floor(landmark.lat / cellDegrees)},${Math.floor(landmark.lon / cellDegrees)}`;
    const cell = this.cells.get(key);
    if (cell) cell.push(landmark);
    else this.cells.set(key, [landmark]);
  }

  /** Landmarks within `metres` of the point, nearest first, each with its distance. */
  within(point: { lat: number; lon: number }, metres: number): { landmark: PlacedLandmark; metres: number }[] {
    const latCells = Math.ceil(metres / 111_000 / cellDegrees);
    const lonCells = Math.min(Math.ceil(360 / cellDegrees), Math.ceil(metres / (111_000 * Math.max(0.01, Math.cos(radians(point.lat)))) / cellDegrees));
    const row = Math.floor(point.lat / cellDegrees);
    const column = Math.floor(point.lon / cellDegrees);
    const found: { landmark: PlacedLandmark; metres: number }[] = [];
    for (let dRow = -latCells; dRow <= latCells; dRow++) {
      for (let dColumn = -lonCells; dColumn <= lonCells; dColumn++) {
        for (const landmark of this.cells.get(`${row + dRow},${column + dColumn}`) ?? []) {
          const distance = metresBetween(point, landmark);
          if (distance <= metres) found.push({ landmark, metres: distance });
        }
      }
    }
    return found.sort((a, b) => a.metres - b.metres);
  }
}
