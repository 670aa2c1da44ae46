import { createHash } from 'node:crypto';
import type {
  LocationCitiesTable,
  LocationCountriesTable,
  LocationNeighborhoodsTable,
  LocationStatesTable,
} from '../db/schema.ts';

/**
 * Classified locations (spec 2.12) as reference data. Ids written out are the platform's own: from recorded
 * responses (shared/fixtures/real-responses: the countries, the AR and UY state lists, Capital Federal's
 * neighborhoods, Córdoba's and Rocha's cities) and ids seen in recorded item responses (FACTS.md). An entry with `_`
 * had no recorded id and gets one minted the platform's way (see `mintedId`). States of the other countries use
 * ISO-like ids, as the platform does for UY and CO. Coordinates are of the real places, rounded; null where the
 * platform itself answers `geo_information: null` (Uruguay, Rocha, Cabo Polonio) or for its placeholder "states".
 */

type Coord = number | null;
type NeighborhoodSpec = readonly [
  id: string | null,
  name: string,
  latitude: Coord,
  longitude: Coord,
  subneighborhoods?: readonly NeighborhoodSpec[],
];
type CitySpec = readonly [
  id: string | null,
  name: string,
  latitude: Coord,
  longitude: Coord,
  neighborhoods?: readonly NeighborhoodSpec[],
];
type StateSpec = readonly [
  id: string | null,
  name: string,
  latitude: Coord,
  longitude: Coord,
  cities: readonly CitySpec[],
];

interface CountrySpec {
  id: string;
  name: string;
  /** Site whose code minted ids carry. */
  site: string;
  locale: string;
  currencyId: string;
  decimalSeparator: string;
  thousandsSeparator: string;
  timeZone: string;
  geo: readonly [number, number] | null;
  states: readonly StateSpec[];
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface NeighborhoodData {
  id: string;
  name: string;
  geo: GeoPoint | null;
  subneighborhoods: NeighborhoodData[];
}

export interface CityData {
  id: string;
  name: string;
  geo: GeoPoint | null;
  neighborhoods: NeighborhoodData[];
}

export interface StateData {
  id: string;
  name: string;
  geo: GeoPoint | null;
  cities: CityData[];
}

export interface CountryData {
  id: string;
  name: string;
  locale: string;
  currencyId: string;
  decimalSeparator: string;
  thousandsSeparator: string;
  timeZone: string;
  geo: GeoPoint | null;
  states: StateData[];
}

const _ = null;

// The 64 barrios of the recorded city TUxBQ0NBUGZlZG1sYQ, in the recorded order.
const CAPITAL_FEDERAL_NEIGHBORHOODS: readonly NeighborhoodSpec[] = [
  ['TUxBQkFHUjk3NjJa', 'Agronomía', -34.5945, -58.4923],
  ['TUxBQkFMTTMwNTBa', 'Almagro', -34.6092, -58.4213],
  ['TUxBQkJBTDMxMDZa', 'Balvanera', -34.6094, -58.403],
  ['TUxBQkJBUjM0MDha', 'Barracas', -34.6446, -58.3822],
  ['TUxBQkJBUjQwMDQ3MA', 'Barrio Norte', -34.5942, -58.4008],
  ['TUxBQkJFTDcyNTJa', 'Belgrano', -34.5627, -58.4583],
  ['TUxBQkJFTDkwNjNa', 'Belgrano Barrancas', -34.5605, -58.447],
  ['TUxBQkJFTDk4MDRa', 'Belgrano C', -34.561, -58.456],
  ['TUxBQkJFTDU0ODda', 'Belgrano Chico', -34.5665, -58.443],
  ['TUxBQkJFTDU5NzNa', 'Belgrano R', -34.57, -58.465],
  ['TUxBQkJPRTQ0OTRa', 'Boedo', -34.63, -58.419],
  ['TUxBQkJPVDQ2NTFa', 'Botánico', -34.581, -58.417],
  ['TUxBQkNBQjM4MDda', 'Caballito', -34.6166667, -58.45],
  ['TUxBQkNIQTM5NjBa', 'Chacarita', -34.587, -58.454],
  ['TUxBQkNPRzY5MTZa', 'Coghlan', -34.56, -58.475],
  ['TUxBQkNPTDI3NDNa', 'Colegiales', -34.574, -58.45],
  ['TUxBQkNPTjgyODY1Mg', 'Congreso', -34.6096, -58.392],
  ['TUxBQkNPTjExMDBa', 'Constitución', -34.627, -58.381],
  ['TUxBQkZMTzMwNzRa', 'Flores', -34.628, -58.463],
  ['TUxBQkZMTzg5MjFa', 'Floresta', -34.628, -58.484],
  ['TUxBQkxBQjk1ODJa', 'La Boca', -34.6345, -58.3631],
  ['TUxBQkxBUzIxNTJa', 'Las Cañitas', -34.569, -58.434],
  ['TUxBQkxJTjEzNTha', 'Liniers', -34.642, -58.52],
  ['TUxBQk1BVDMwMDJa', 'Mataderos', -34.659, -58.503],
  ['TUxBQk1PTjUxOTJa', 'Monserrat', -34.613, -58.381],
  ['TUxBQk1PTjE2OTBa', 'Monte Castro', -34.619, -58.507],
  ['TUxBQk5VRTc3MTZa', 'Nueva Pompeya', -34.65, -58.42],
  ['TUxBQk7a0TcwOTRa', 'Núñez', -34.544, -58.462],
  ['TUxBQk9OQzM1Mjk5Ng', 'Once', -34.609, -58.406],
  ['TUxBQlBBTDI1MTVa', 'Palermo', -34.5889, -58.4306],
  ['TUxBQlBBTDg3OTha', 'Palermo Chico', -34.58, -58.405],
  ['TUxBQlBBTDg1NjJa', 'Palermo Hollywood', -34.583, -58.439],
  ['TUxBQlBBTDgwMjla', 'Palermo Nuevo', -34.572, -58.42],
  ['TUxBQlBBTDg3MDda', 'Palermo Soho', -34.588, -58.429],
  ['TUxBQlBBTDE5ODla', 'Palermo Viejo', -34.586, -58.422],
  ['TUxBQlBBUjQ1NDda', 'Parque Avellaneda', -34.648, -58.477],
  ['TVhYUGFycXVlIENlbnRlbmFyaW9UVXhCUTBOQ', 'Parque Centenario', -34.606, -58.435],
  ['TUxBQlBBUjUyOTZa', 'Parque Chacabuco', -34.636, -58.437],
  ['TVhYUGFycXVlIENoYXNUVXhCUTBOQlVHWmxaR', 'Parque Chas', -34.585, -58.479],
  ['TUxBQlBBUjYwMzZa', 'Parque Patricios', -34.637, -58.401],
  ['TUxBQlBBVDI0ODFa', 'Paternal', -34.597, -58.468],
  ['TUxBQlBVRTQ5NjBa', 'Puerto Madero', -34.611, -58.363],
  ['TVhYUHVlcnRvIFJldGlyb1RVeEJRME5CVUdab', 'Puerto Retiro', -34.587, -58.372],
  ['TUxBQlJFQzkyMTVa', 'Recoleta', -34.5875, -58.3974],
  ['TUxBQlJFVDgyMDVa', 'Retiro', -34.592, -58.375],
  ['TUxBQlNBQTM3Mzda', 'Saavedra', -34.554, -58.487],
  ['TUxBQlNBTjkwNTZa', 'San Cristóbal', -34.624, -58.402],
  ['TUxBQlNBTjgzMjRa', 'San Nicolás', -34.6037, -58.3816],
  ['TUxBQlNBTjgxMzNa', 'San Telmo', -34.6212, -58.3731],
  ['TUxBQlNBTjEyMjNa', 'Santa Rita', -34.615, -58.483],
  ['TUxBQlZFTDIwNDha', 'Velez Sarsfield', -34.631, -58.492],
  ['TUxBQlZFUjY3MDFa', 'Versalles', -34.631, -58.521],
  ['TUxBQlZJTDQyMjBa', 'Villa Crespo', -34.599, -58.438],
  ['TUxBQlZJTDYzNzZa', 'Villa Devoto', -34.601, -58.514],
  ['TUxBQlZJTDI1ODla', 'Villa Gral. Mitre', -34.611, -58.468],
  ['TUxBQlZJTDQ4MzBa', 'Villa Lugano', -34.677, -58.472],
  ['TUxBQlZJTDI3MDJa', 'Villa Luro', -34.638, -58.502],
  ['TUxBQlZJTDQyMjFa', 'Villa Ortúzar', -34.58, -58.468],
  ['TUxBQlZJTDE2MDBa', 'Villa Pueyrredón', -34.581, -58.503],
  ['TUxBQlZJTDM3Mzda', 'Villa Real', -34.62, -58.525],
  ['TUxBQlZJTDU5MTFa', 'Villa Riachuelo', -34.69, -58.468],
  ['TUxBQlZJTDM5MjZa', 'Villa Soldati', -34.664, -58.443],
  ['TUxBQlZJTDcwOTla', 'Villa Urquiza', -34.573, -58.488],
  ['TUxBQlZJTDc4MDda', 'Villa del Parque', -34.604, -58.491],
];

// The recorded city list of Córdoba (TUxBUENPUmFkZGIw); Río Cuarto's neighborhood is recorded too.
const CORDOBA_CITIES: readonly CitySpec[] = [
  ['TVhYQWNoaXJhc1RVeEJVRU5QVW1Ga1pHSXc', 'Achiras', -33.175, -64.993],
  ['TVhYQWx0YSBHcmFjaWFUVXhCVUVOUFVtRmtaR', 'Alta Gracia', -31.6529, -64.4283],
  ['TVhYQXJyb3lpdG9UVXhCVUVOUFVtRmtaR0l3', 'Arroyito', -31.4204, -63.05],
  ['TVhYQmVycm90YXLDoW5UVXhCVUVOUFVtRmtaR', 'Berrotarán', -32.451, -64.388],
  ['TVhYQmlhbGV0IE1hc3PDqVRVeEJVRU5QVW1Ga', 'Bialet Massé', -31.314, -64.463],
  ['TUxBQ0NBTGMwYWZk', 'Calamuchita', -32.07, -64.54],
  ['TUxBQ0NPTDdlNmZl', 'Colón', -31.05, -64.1],
  ['TVhYQ29zcXXDrW5UVXhCVUVOUFVtRmtaR0l3', 'Cosquín', -31.2451, -64.4656],
  ['TVhYQ3J1eiBBbHRhVFV4QlVFTlBVbUZrWkdJd', 'Cruz Alta', -33.009, -61.807],
  ['TUxBQ0NSVWVjOGJh', 'Cruz del Eje', -30.7264, -64.805],
  [
    'TUxBQ0NBUGNiZGQx',
    'Córdoba',
    -31.4201,
    -64.1888,
    [
      [_, 'Alberdi', -31.4085, -64.2045],
      [_, 'Centro', -31.4167, -64.1833],
      [_, 'Cerro de las Rosas', -31.3672, -64.2307],
      [_, 'General Paz', -31.4087, -64.1667],
      [_, 'Güemes', -31.4245, -64.1925],
      [_, 'Nueva Córdoba', -31.4271, -64.1866],
    ],
  ],
  ['TVhYRnJleXJlVFV4QlVFTlBVbUZrWkdJdw', 'Freyre', -31.163, -62.099],
  ['TVhYR2VuZXJhbCBEZWhlemFUVXhCVUVOUFVtR', 'General Deheza', -32.756, -63.789],
  ['TUxBQ0dFTjMwYzFh', 'General Roca', -34.6, -64.1],
  ['TUxBQ0dFTmE2OGQ2', 'General San Martín', -32.4, -63.35],
  ['TUxBQ0lTQzJkZGM2', 'Ischilín', -30.42, -64.35],
  ['TVhYSmVzw7pzIE1hcsOtYVRVeEJVRU5QVW1Ga', 'Jesús María', -30.9815, -64.0942],
  ['TUxBQ0pVwTUyMmRh', 'Juárez Celman', -33.15, -63.7],
  ['TVhYTGEgQm9sc2FUVXhCVUVOUFVtRmtaR0l3', 'La Bolsa', -31.73, -64.43],
  ['TVhYTGEgQ2FsZXJhVFV4QlVFTlBVbUZrWkdJd', 'La Calera', -31.3436, -64.3353],
  ['TVhYTGEgQ2FybG90YVRVeEJVRU5QVW1Ga1pHS', 'La Carlota', -33.4192, -63.2977],
  ['TVhYTGEgRmFsZGFUVXhCVUVOUFVtRmtaR0l3', 'La Falda', -31.0884, -64.4897],
  ['TVhYTGEgUGFpc2FuaXRhVFV4QlVFTlBVbUZrW', 'La Paisanita', -31.716, -64.474],
  ['TVhYTGFndW5hIExhcmdhVFV4QlVFTlBVbUZrW', 'Laguna Larga', -31.776, -63.801],
  ['TVhYTG9zIEVzcGluaWxsb3NUVXhCVUVOUFVtR', 'Los Espinillos', -31.76, -64.33],
  ['TVhYTWFsYWd1ZcOxb1RVeEJVRU5QVW1Ga1pHS', 'Malagueño', -31.4647, -64.3583],
  ['TUxBQ01BUmU2ZjEx', 'Marcos Juárez', -32.6978, -62.1067],
  ['TVhYTWVuZGlvbGF6YVRVeEJVRU5QVW1Ga1pHS', 'Mendiolaza', -31.2673, -64.3008],
  ['TUxBQ01JTjI2ZDRi', 'Minas', -31.05, -65.2],
  ['TVhYT25jYXRpdm9UVXhCVUVOUFVtRmtaR0l3', 'Oncativo', -31.9133, -63.6822],
  ['TVhYT25nYW1pcmFUVXhCVUVOUFVtRmtaR0l3', 'Ongamira', -30.779, -64.444],
  ['TUxBQ1BPQ2RiODcy', 'Pocho', -31.5, -65.2],
  ['TVhYUG90cmVybyBkZSBHYXJheVRVeEJVRU5QV', 'Potrero de Garay', -31.7837, -64.5408],
  ['TUxBQ1BSRTljM2Mw', 'Presidente Roque Sáenz Peña', -34.13, -63.39],
  ['TVhYUHVlcnRvIGRlbCBBZ3VpbGFUVXhCVUVOU', 'Puerto del Aguila', -31.9, -64.54],
  ['TUxBQ1BVTjkyMmI4', 'Punilla', -31.2, -64.47],
  ['TVhYUsOtbyBDZWJhbGxvc1RVeEJVRU5QVW1Ga', 'Río Ceballos', -31.1649, -64.3224],
  [
    'TUxBQ1LNTzc4N2Fm',
    'Río Cuarto',
    -33.1232,
    -64.3493,
    [['TUxBQlLNTzM2NDg2OA', 'Río Cuarto', -33.123158, -64.34934]],
  ],
  ['TUxBQ1LNT2E3Y2E5', 'Río Primero', -31.3296, -63.619],
  ['TUxBQ1LNT2EzZjhm', 'Río Seco', -29.9, -63.72],
  ['TUxBQ1LNT2RiZTBj', 'Río Segundo', -31.6526, -63.9098],
  ['TUxBQ1NBTmIxNDY', 'San Alberto', -31.72, -65.0],
  ['TUxBQ1NBTjcyMDk5OA', 'San Francisco', -31.4279, -62.0827],
  ['TUxBQ1NBTjM3OTVl', 'San Javier', -32.03, -65.03],
  ['TUxBQ1NBTjk4MzY', 'San Justo', -31.0, -62.6],
  ['TUxBQ1NBTjlmZjVh', 'Santa María', -31.7, -64.25],
  ['TVhYU2FudGEgUm9zYSBkZSBDYWxhbXVjaGl0Y', 'Santa Rosa de Calamuchita', -32.069, -64.536],
  ['TUxBQ1NPQjVkNGVi', 'Sobremonte', -29.79, -63.94],
  ['TUxBQ1RFUmJmYmYy', 'Tercero Arriba', -32.04, -63.57],
  ['TUxBQ1RPVGIxNmYy', 'Totoral', -30.707, -64.072],
  ['TUxBQ1RVTDgxNTI5', 'Tulumba', -30.397, -64.123],
  ['TUxBQ1VOSTg2Yzhl', 'Unión', -32.6259, -62.6887],
  ['TVhYVmlsbGEgQWxsZW5kZVRVeEJVRU5QVW1Ga', 'Villa Allende', -31.2947, -64.2957],
  ['TVhYVmlsbGEgQ2FybG9zIFBhelTVeEJVRU5QV', 'Villa Carlos Paz', -31.4241, -64.4978],
  ['TVhYUGxvdHRpZXJUVXhCVUVOUFVtRmtaR0l3', 'Villa General Belgrano', -31.978, -64.556],
  ['TUxBQ1ZJTDE4NjE1Mg', 'Villa María', -32.4075, -63.2402],
  ['TVhYVmlsbGEgU2FudGEgUm9zYVRVeEJVRU5QV', 'Villa Santa Rosa', -31.15, -63.4],
];

// The recorded city list of Rocha (UY-RO); Cabo Polonio is recorded without neighborhoods or coordinates.
const ROCHA_CITIES: readonly CitySpec[] = [
  ['TUxVQ0FHVWNmYTJk', 'Aguas Dulces', -34.275, -53.787],
  ['TUxVQ0JBTDE5ZmE', 'Balneario La Esmeralda', -34.09, -53.67],
  ['TUxVQ0JBUjM4MTA1', 'Barra de Valizas', -34.335, -53.79],
  ['TUxVQ0JBUjE4NWNj', 'Barra del Chuy', -33.757, -53.388],
  ['TUxVQ0NBQjY1MmQ1', 'Cabo Polonio', null, null],
  ['TUxVQ0NBUzQxYzlh', 'Castillos', -34.199, -53.858],
  ['TUxVQ0NIVThjNTFm', 'Chuy', -33.697, -53.456],
  ['TUxVQ0NPUzQzZDk0', 'Costa Azul', -34.638, -54.178],
  ['TUxVQ0VMUDM0OTI', 'El Palmar', -34.06, -53.77],
  ['TUxVQ0xBWmFlYzJh', 'La Coronilla', -33.894, -53.514],
  ['TUxVQ0xBWmYzMmU0', 'La Palma', -34.63, -54.16],
  ['TUxVQ0xBWmQ4YTc1', 'La Paloma', -34.662, -54.164],
  ['TUxVQ0xBWjQyNGEy', 'La Pedrera', -34.592, -54.125],
  ['TUxVQ0xBR2JkZGMy', 'Laguna de Rocha', -34.61, -54.27],
  ['TUxVQ0xBUzcyNDI', 'Las Garzas', -34.68, -54.35],
  ['TUxVQ0xBU2YyZDU1', 'Lascano', -33.672, -54.207],
  ['TUxVQ09UUjQxODQ', 'Otras', null, null],
  ['TUxVQ1BVTjE5ZTIw', 'Punta del Diablo', -34.045, -53.545],
  ['TUxVQ1JPQzFjOWE5', 'Rocha', -34.483, -54.333],
  ['TUxVQ1NBTmVhNWRk', 'Santa Teresa', -33.973, -53.55],
  ['TUxVQ1ZFTDhlZWM3', 'Velázquez', -34.033, -54.283],
];

const COUNTRIES: readonly CountrySpec[] = [
  {
    id: 'AR',
    name: 'Argentina',
    site: 'MLA',
    locale: 'es_AR',
    currencyId: 'ARS',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-03:00',
    geo: [-38.416096, -63.616673],
    // The recorded list, oddities included (foreign "states" the platform keeps for classifieds abroad).
    states: [
      ['TUxBUEJSQWwyMzA1', 'Brasil', _, _, []],
      [
        'TUxBUENPU2ExMmFkMw',
        'Bs.As. Costa Atlántica',
        -37.5,
        -57.3,
        [
          [_, 'Mar del Plata', -38.0055, -57.5426],
          [_, 'Necochea', -38.5545, -58.7396],
          [_, 'Pinamar', -37.1099, -56.8619],
          [_, 'Villa Gesell', -37.2639, -56.9732],
        ],
      ],
      [
        'TUxBUEdSQWU4ZDkz',
        'Bs.As. G.B.A. Norte',
        -34.48,
        -58.6,
        [
          ['TUxBQ0dFTmVyYWxz', 'General San Martín', -34.5748, -58.5374],
          [_, 'San Isidro', -34.4708, -58.5286],
          ['TUxBQ1RJRzk0ZjQw', 'Tigre', -34.4264, -58.5797],
          [
            'TUxBQ1ZJQ2E3MTQz',
            'Vicente López',
            -34.527,
            -58.475,
            [
              [_, 'Florida', -34.532, -58.491],
              [_, 'La Lucila', -34.498, -58.484],
              [_, 'Munro', -34.528, -58.522],
              [_, 'Olivos', -34.51, -58.49],
              [_, 'Villa Martelli', -34.551, -58.508],
            ],
          ],
        ],
      ],
      [
        'TUxBUEdSQWVmNTVm',
        'Bs.As. G.B.A. Oeste',
        -34.68,
        -58.7,
        [
          [_, 'Ituzaingó', -34.658, -58.67],
          [_, 'La Matanza', -34.77, -58.625],
          [_, 'Merlo', -34.6653, -58.7276],
          [_, 'Morón', -34.6534, -58.6198],
        ],
      ],
      [
        'TUxBUEdSQXJlMDNm',
        'Bs.As. G.B.A. Sur',
        -34.75,
        -58.35,
        [
          [_, 'Avellaneda', -34.6625, -58.365],
          [_, 'Lanús', -34.7, -58.395],
          [_, 'Lomas de Zamora', -34.76, -58.4],
          [_, 'Quilmes', -34.724, -58.254],
        ],
      ],
      ['QnVlbm9zIEFpcmVz', 'Buenos Aires', _, _, []],
      [
        'TUxBUFpPTmFpbnRl',
        'Buenos Aires Interior',
        -36.6,
        -60.0,
        [
          [_, 'Bahía Blanca', -38.7183, -62.2663],
          [_, 'Junín', -34.585, -60.9589],
          [_, 'La Plata', -34.9205, -57.9536],
          [_, 'Olavarría', -36.8927, -60.3225],
          [_, 'Tandil', -37.3217, -59.1332],
        ],
      ],
      [
        'TUxBUENBUGw3M2E1',
        'Capital Federal',
        -34.6143048,
        -58.4401655,
        [['TUxBQ0NBUGZlZG1sYQ', 'Capital Federal', -34.6084175, -58.3731613, CAPITAL_FEDERAL_NEIGHBORHOODS]],
      ],
      [
        'TUxBUENBVGFiY2Fm',
        'Catamarca',
        -27.34,
        -66.95,
        [
          [_, 'Andalgalá', -27.5819, -66.3165],
          [_, 'Belén', -27.6496, -67.0328],
          [_, 'San Fernando del Valle de Catamarca', -28.4696, -65.7795],
        ],
      ],
      [
        'TUxBUENIQW8xMTNhOA',
        'Chaco',
        -26.3864,
        -60.7652,
        [
          [_, 'Presidencia Roque Sáenz Peña', -26.7852, -60.4388],
          [_, 'Resistencia', -27.4606, -58.9839],
          [_, 'Villa Ángela', -27.5738, -60.7153],
        ],
      ],
      ['Y2hpbGU=', 'Chile', _, _, []],
      [
        'TUxBUENIVXQxNDM1MQ',
        'Chubut',
        -43.79,
        -68.53,
        [
          [_, 'Comodoro Rivadavia', -45.8641, -67.4966],
          [_, 'Esquel', -42.9115, -71.3195],
          [_, 'Puerto Madryn', -42.7692, -65.0385],
          [_, 'Rawson', -43.3002, -65.1023],
          [_, 'Trelew', -43.249, -65.3051],
        ],
      ],
      [
        'TUxBUENPUnM5MjI0',
        'Corrientes',
        -28.77,
        -57.8,
        [
          [_, 'Corrientes', -27.4692, -58.8306],
          [_, 'Goya', -29.14, -59.2626],
          [_, 'Paso de los Libres', -29.7125, -57.0877],
        ],
      ],
      ['TUxBUENPUmFkZGIw', 'Córdoba', -32.2968402, -63.580611, CORDOBA_CITIES],
      [
        'TUxBUEVOVHMzNTdm',
        'Entre Ríos',
        -32.06,
        -59.2,
        [
          [_, 'Concordia', -31.3929, -58.0209],
          [_, 'Gualeguaychú', -33.0094, -58.5172],
          [_, 'Paraná', -31.7319, -60.5238],
        ],
      ],
      [
        'TUxBUEZPUmE1OTk5',
        'Formosa',
        -24.89,
        -59.93,
        [
          [_, 'Clorinda', -25.2848, -57.7185],
          [_, 'Formosa', -26.1775, -58.1781],
        ],
      ],
      [
        'TUxBUEpVSnk3YmUz',
        'Jujuy',
        -23.32,
        -65.76,
        [
          [_, 'Palpalá', -24.2565, -65.2116],
          [_, 'San Salvador de Jujuy', -24.1858, -65.2995],
          [_, 'Tilcara', -23.5775, -65.3947],
        ],
      ],
      [
        'TUxBUExBWmE1OWMy',
        'La Pampa',
        -37.13,
        -65.45,
        [
          [_, 'General Pico', -35.6566, -63.7568],
          [_, 'Santa Rosa', -36.6167, -64.2833],
        ],
      ],
      [
        'TUxBUExBWmEyNzY0',
        'La Rioja',
        -29.69,
        -67.18,
        [
          [_, 'Chilecito', -29.1619, -67.4974],
          [_, 'La Rioja', -29.4131, -66.8558],
        ],
      ],
      [
        'TUxBUE1FTmE5OWQ4',
        'Mendoza',
        -34.63,
        -68.58,
        [
          [_, 'Godoy Cruz', -32.929, -68.845],
          [_, 'Luján de Cuyo', -33.035, -68.878],
          [_, 'Mendoza', -32.8895, -68.8458],
          [_, 'San Rafael', -34.6177, -68.3301],
        ],
      ],
      [
        'TUxBUE1JU3MzNjIx',
        'Misiones',
        -26.88,
        -54.58,
        [
          [_, 'Oberá', -27.4871, -55.1199],
          [_, 'Posadas', -27.3671, -55.8961],
          [_, 'Puerto Iguazú', -25.5991, -54.5736],
        ],
      ],
      [
        'TUxBUE5FVW4xMzMzNQ',
        'Neuquén',
        -38.64,
        -70.12,
        [
          [_, 'Neuquén', -38.9516, -68.0591],
          [_, 'San Martín de los Andes', -40.1579, -71.3534],
          [_, 'Villa La Angostura', -40.7616, -71.6463],
        ],
      ],
      ['UHJvdmlua2lhdmVvIGRlIEJ1ZW5vcyBBaXJl', 'Província de Buenos Aires', _, _, []],
      ['TUxBUFJFUDQyMjQ4Ng', 'República Dominicana', _, _, []],
      [
        'TUxBUFLNT29iZmZm',
        'Río Negro',
        -40.41,
        -67.23,
        [
          [_, 'Cipolletti', -38.9339, -67.9903],
          [_, 'General Roca', -39.0333, -67.5833],
          [_, 'San Carlos de Bariloche', -41.1335, -71.3103],
          [_, 'Viedma', -40.8135, -62.9967],
        ],
      ],
      [
        'TUxBUFNBTGFjMTJi',
        'Salta',
        -24.3,
        -64.81,
        [
          [_, 'Cafayate', -26.073, -65.976],
          [_, 'Orán', -23.1322, -64.3264],
          [_, 'Salta', -24.7821, -65.4232],
        ],
      ],
      [
        'TUxBUFNBTm5lYjU4',
        'San Juan',
        -30.87,
        -68.89,
        [
          [_, 'Caucete', -31.6518, -68.2811],
          [_, 'San Juan', -31.5375, -68.5364],
        ],
      ],
      [
        'TUxBUFNBTnM0ZTcz',
        'San Luis',
        -33.76,
        -66.03,
        [
          [_, 'Merlo', -32.3429, -65.0138],
          [_, 'San Luis', -33.3017, -66.3378],
          [_, 'Villa Mercedes', -33.6757, -65.4578],
        ],
      ],
      [
        'TUxBUFNBTno3ZmY5',
        'Santa Cruz',
        -48.82,
        -69.82,
        [
          [_, 'Caleta Olivia', -46.4393, -67.5281],
          [_, 'El Calafate', -50.3379, -72.2648],
          [_, 'Río Gallegos', -51.623, -69.2168],
        ],
      ],
      [
        'TUxBUFNBTmU5Nzk2',
        'Santa Fe',
        -30.71,
        -60.95,
        [
          [_, 'Rafaela', -31.2503, -61.4867],
          [
            _,
            'Rosario',
            -32.9442,
            -60.6505,
            [
              [_, 'Alberdi', -32.895, -60.69],
              [_, 'Centro', -32.9468, -60.6393],
              [_, 'Echesortu', -32.952, -60.67],
              [_, 'Fisherton', -32.93, -60.74],
              [_, 'Pichincha', -32.9375, -60.653],
            ],
          ],
          [_, 'Santa Fe', -31.6333, -60.7],
          [_, 'Venado Tuerto', -33.7456, -61.9688],
        ],
      ],
      [
        'TUxBUFNBTm9lOTlk',
        'Santiago del Estero',
        -27.48,
        -63.38,
        [
          [_, 'La Banda', -27.7333, -64.2421],
          [_, 'Santiago del Estero', -27.7834, -64.2642],
          [_, 'Termas de Río Hondo', -27.4936, -64.8597],
        ],
      ],
      [
        'TUxBUFRJRVoxM2M5YQ',
        'Tierra del Fuego',
        -54.3,
        -67.75,
        [
          [_, 'Río Grande', -53.7877, -67.7095],
          [_, 'Ushuaia', -54.8019, -68.303],
        ],
      ],
      [
        'TUxBUFRVQ244NmM3',
        'Tucumán',
        -26.95,
        -65.36,
        [
          [_, 'San Miguel de Tucumán', -26.8083, -65.2176],
          [_, 'Tafí del Valle', -26.8525, -65.7101],
          [_, 'Yerba Buena', -26.8163, -65.3163],
        ],
      ],
      ['TUxBUFVTQWl1cXdlMg', 'USA', _, _, []],
      ['TUxBUFVSVXllZDVl', 'Uruguay', _, _, []],
    ],
  },
  {
    id: 'BR',
    name: 'Brasil',
    site: 'MLB',
    locale: 'pt_BR',
    currencyId: 'BRL',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-03:00',
    geo: [-14.235, -51.9253],
    states: [
      [_, 'Acre', -9.0238, -70.812, [[_, 'Rio Branco', -9.9754, -67.8249]]],
      [_, 'Alagoas', -9.5713, -36.782, [[_, 'Maceió', -9.6658, -35.735]]],
      [_, 'Amapá', 0.902, -52.003, [[_, 'Macapá', 0.0349, -51.0694]]],
      [_, 'Amazonas', -3.4168, -65.8561, [[_, 'Manaus', -3.119, -60.0217]]],
      [
        _,
        'Bahia',
        -12.5797,
        -41.7007,
        [
          [_, 'Feira de Santana', -12.2664, -38.9663],
          [_, 'Salvador', -12.9777, -38.5016],
        ],
      ],
      [_, 'Ceará', -5.4984, -39.3206, [[_, 'Fortaleza', -3.7319, -38.5267]]],
      [_, 'Distrito Federal', -15.7998, -47.8645, [[_, 'Brasília', -15.7939, -47.8828]]],
      [_, 'Espírito Santo', -19.1834, -40.3089, [[_, 'Vitória', -20.3155, -40.3128]]],
      [_, 'Goiás', -15.827, -49.8362, [[_, 'Goiânia', -16.6869, -49.2648]]],
      [_, 'Maranhão', -4.9609, -45.2744, [[_, 'São Luís', -2.5307, -44.3068]]],
      [_, 'Mato Grosso', -12.6819, -56.9211, [[_, 'Cuiabá', -15.6014, -56.0979]]],
      [_, 'Mato Grosso do Sul', -20.7722, -54.7852, [[_, 'Campo Grande', -20.4697, -54.6201]]],
      [
        'TUxCUE1JTlMxNTAyZA',
        'Minas Gerais',
        -18.5122,
        -44.555,
        [
          ['TUxCQ0JFTGU0ODdm', 'Belo Horizonte', -19.9167, -43.9345],
          [_, 'Juiz de Fora', -21.7642, -43.3503],
          [_, 'Uberlândia', -18.9186, -48.2772],
        ],
      ],
      [_, 'Pará', -1.9981, -54.9306, [[_, 'Belém', -1.4558, -48.4902]]],
      [_, 'Paraíba', -7.24, -36.782, [[_, 'João Pessoa', -7.1195, -34.845]]],
      [
        _,
        'Paraná',
        -25.2521,
        -52.0215,
        [
          [_, 'Curitiba', -25.4284, -49.2733],
          [_, 'Londrina', -23.3045, -51.1696],
        ],
      ],
      [_, 'Pernambuco', -8.8137, -36.9541, [[_, 'Recife', -8.0476, -34.877]]],
      [_, 'Piauí', -7.7183, -42.7289, [[_, 'Teresina', -5.092, -42.8038]]],
      [
        'TUxCUFJJT08xODM5Zg',
        'Rio de Janeiro',
        -22.3534,
        -42.7076,
        [
          [_, 'Niterói', -22.8832, -43.1034],
          [_, 'Petrópolis', -22.505, -43.1786],
          [
            _,
            'Rio de Janeiro',
            -22.9068,
            -43.1729,
            [
              [_, 'Barra da Tijuca', -23.0004, -43.3659],
              [_, 'Botafogo', -22.9519, -43.1822],
              [_, 'Copacabana', -22.9711, -43.1822],
              [_, 'Ipanema', -22.9838, -43.2096],
              [_, 'Tijuca', -22.925, -43.233],
            ],
          ],
        ],
      ],
      [_, 'Rio Grande do Norte', -5.4026, -36.9541, [[_, 'Natal', -5.7945, -35.211]]],
      [
        _,
        'Rio Grande do Sul',
        -30.0346,
        -53.2,
        [
          [_, 'Caxias do Sul', -29.1678, -51.1794],
          [_, 'Pelotas', -31.7654, -52.3376],
          [_, 'Porto Alegre', -30.0346, -51.2177],
        ],
      ],
      [_, 'Rondônia', -11.5057, -63.5806, [[_, 'Porto Velho', -8.7612, -63.9004]]],
      [_, 'Roraima', 2.7376, -62.0751, [[_, 'Boa Vista', 2.8235, -60.6758]]],
      [
        _,
        'Santa Catarina',
        -27.2423,
        -50.2189,
        [
          [_, 'Florianópolis', -27.5949, -48.5482],
          [_, 'Joinville', -26.3045, -48.8487],
        ],
      ],
      [
        'TUxCUFNBT085N2E4',
        'São Paulo',
        -22.19,
        -48.79,
        [
          [_, 'Campinas', -22.9099, -47.0626],
          [_, 'Ribeirão Preto', -21.1775, -47.8103],
          [_, 'Santos', -23.9608, -46.3336],
          [
            'TUxCQ1NQLTk0MDc',
            'São Paulo Centro',
            -23.5505,
            -46.6333,
            [
              [_, 'Bela Vista', -23.561, -46.646],
              ['TUxCQkNFTjUwNzE', 'Centro', -23.548, -46.636],
              ['TUxCQkpBUm0xaTF2', 'Jardim Paulista', -23.571, -46.656],
              [_, 'Liberdade', -23.558, -46.635],
            ],
          ],
          [
            'TUxCQ1NQLTY5NzA',
            'São Paulo Zona Oeste',
            -23.56,
            -46.7,
            [
              [_, 'Butantã', -23.571, -46.708],
              [_, 'Lapa', -23.523, -46.704],
              [_, 'Perdizes', -23.536, -46.678],
              ['TUxCQlBJTkNBUDE1MQ', 'Pinheiros', -23.567, -46.693],
            ],
          ],
          [
            'TUxCQ1NQLTkxMjE',
            'São Paulo Zona Sul',
            -23.65,
            -46.7,
            [
              [_, 'Campo Belo', -23.622, -46.67],
              [_, 'Moema', -23.6, -46.665],
              [_, 'Santo Amaro', -23.654, -46.711],
              ['TUxCQlZJTDI1OTI', 'Vila Andrade', -23.63, -46.735],
            ],
          ],
        ],
      ],
      [_, 'Sergipe', -10.5741, -37.3857, [[_, 'Aracaju', -10.9472, -37.0731]]],
      [_, 'Tocantins', -10.1753, -48.2982, [[_, 'Palmas', -10.184, -48.3336]]],
    ],
  },
  {
    id: 'CO',
    name: 'Colombia',
    site: 'MCO',
    locale: 'es_CO',
    currencyId: 'COP',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-05:00',
    geo: [4.5709, -74.2973],
    states: [
      [
        'CO-ANT',
        'Antioquia',
        7.1986,
        -75.3412,
        [
          [_, 'Envigado', 6.1759, -75.5917],
          [
            _,
            'Medellín',
            6.2442,
            -75.5812,
            [
              [_, 'Belén', 6.2308, -75.6044],
              [_, 'El Poblado', 6.2086, -75.5659],
              [_, 'Laureles', 6.2447, -75.5906],
            ],
          ],
          [_, 'Rionegro', 6.1551, -75.3737],
        ],
      ],
      ['CO-ATL', 'Atlántico', 10.6966, -74.8741, [[_, 'Barranquilla', 10.9685, -74.7813]]],
      [
        'CO-DC',
        'Bogotá D.C.',
        4.711,
        -74.0721,
        [
          [
            _,
            'Bogotá D.C.',
            4.711,
            -74.0721,
            [
              [_, 'Chapinero', 4.6486, -74.0628],
              [_, 'Suba', 4.74, -74.09],
              [_, 'Teusaquillo', 4.6333, -74.0833],
              [_, 'Usaquén', 4.6946, -74.0307],
            ],
          ],
        ],
      ],
      ['CO-BOL', 'Bolívar', 8.6704, -74.03, [[_, 'Cartagena de Indias', 10.391, -75.4794]]],
      ['CO-SAN', 'Santander', 6.6437, -73.6536, [[_, 'Bucaramanga', 7.1193, -73.1227]]],
      [
        'CO-VAC',
        'Valle del Cauca',
        3.8009,
        -76.6413,
        [
          [_, 'Cali', 3.4516, -76.532],
          [_, 'Palmira', 3.5394, -76.3036],
        ],
      ],
    ],
  },
  {
    id: 'CR',
    name: 'Costa Rica',
    site: 'MCR',
    locale: 'es_CR',
    currencyId: 'CRC',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-06:00',
    geo: [9.7489, -83.7534],
    states: [
      ['CR-A', 'Alajuela', 10.3916, -84.4383, [[_, 'Alajuela', 10.0163, -84.2116]]],
      ['CR-C', 'Cartago', 9.8624, -83.6135, [[_, 'Cartago', 9.8644, -83.9194]]],
      ['CR-G', 'Guanacaste', 10.6267, -85.4437, [[_, 'Liberia', 10.635, -85.4377]]],
      ['CR-H', 'Heredia', 10.4735, -84.0167, [[_, 'Heredia', 9.9981, -84.1198]]],
      ['CR-L', 'Limón', 9.9907, -83.036, [[_, 'Limón', 9.9907, -83.036]]],
      ['CR-P', 'Puntarenas', 9.2169, -83.3362, [[_, 'Puntarenas', 9.9763, -84.8384]]],
      [
        'CR-SJ',
        'San José',
        9.9281,
        -84.0907,
        [
          [_, 'Escazú', 9.9189, -84.139],
          [_, 'San José', 9.9281, -84.0907],
          [_, 'Santa Ana', 9.9325, -84.1828],
        ],
      ],
    ],
  },
  {
    id: 'CL',
    name: 'Chile',
    site: 'MLC',
    locale: 'es_CL',
    currencyId: 'CLP',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-04:00',
    geo: [-35.6751, -71.543],
    states: [
      ['CL-AN', 'Antofagasta', -23.8369, -69.2878, [[_, 'Antofagasta', -23.6509, -70.3975]]],
      ['CL-AR', 'Araucanía', -38.9489, -72.3311, [[_, 'Temuco', -38.7359, -72.5904]]],
      ['CL-BI', 'Biobío', -37.4464, -72.1416, [[_, 'Concepción', -36.8201, -73.0444]]],
      ['CL-LL', 'Los Lagos', -41.9198, -72.1416, [[_, 'Puerto Montt', -41.4693, -72.9424]]],
      [
        'CL-RM',
        'RM (Metropolitana)',
        -33.4489,
        -70.6693,
        [
          [_, 'Las Condes', -33.408, -70.567],
          [_, 'Providencia', -33.4314, -70.6093],
          [_, 'Puente Alto', -33.6117, -70.5758],
          [_, 'Santiago', -33.4489, -70.6693],
          [_, 'Ñuñoa', -33.4569, -70.5975],
        ],
      ],
      [
        'CL-VS',
        'Valparaíso',
        -32.504,
        -71.0,
        [
          [_, 'Valparaíso', -33.0472, -71.6127],
          [_, 'Viña del Mar', -33.0245, -71.5518],
        ],
      ],
    ],
  },
  {
    id: 'EC',
    name: 'Ecuador',
    site: 'MEC',
    locale: 'es_EC',
    currencyId: 'USD',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-05:00',
    geo: [-1.8312, -78.1834],
    states: [
      ['EC-A', 'Azuay', -2.8947, -78.7733, [[_, 'Cuenca', -2.9001, -79.0059]]],
      [
        'EC-G',
        'Guayas',
        -1.9575,
        -79.9193,
        [
          [_, 'Guayaquil', -2.1709, -79.9224],
          [_, 'Samborondón', -1.961, -79.725],
        ],
      ],
      [
        'EC-M',
        'Manabí',
        -1.0544,
        -80.4526,
        [
          [_, 'Manta', -0.9677, -80.7089],
          [_, 'Portoviejo', -1.0546, -80.4545],
        ],
      ],
      ['EC-P', 'Pichincha', -0.1807, -78.4678, [[_, 'Quito', -0.1807, -78.4678]]],
    ],
  },
  {
    id: 'MX',
    name: 'Mexico',
    site: 'MLM',
    locale: 'es_MX',
    currencyId: 'MXN',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-06:00',
    geo: [23.6345, -102.5528],
    states: [
      [
        _,
        'Baja California',
        30.8406,
        -115.2838,
        [
          [_, 'Ensenada', 31.8667, -116.5964],
          [_, 'Mexicali', 32.6245, -115.4523],
          [_, 'Tijuana', 32.5149, -117.0382],
        ],
      ],
      [
        _,
        'Chihuahua',
        28.633,
        -106.0691,
        [
          [_, 'Chihuahua', 28.632, -106.0691],
          [_, 'Ciudad Juárez', 31.6904, -106.4245],
        ],
      ],
      [
        'TUxNUERJUzYwOTQ',
        'Distrito Federal',
        19.4326,
        -99.1332,
        [
          [
            _,
            'Benito Juárez',
            19.372,
            -99.158,
            [
              [_, 'Del Valle', 19.38, -99.165],
              [_, 'Narvarte', 19.39, -99.155],
            ],
          ],
          [
            _,
            'Coyoacán',
            19.3467,
            -99.1617,
            [
              [_, 'Del Carmen', 19.35, -99.162],
              [_, 'Santa Catarina', 19.346, -99.17],
            ],
          ],
          [
            'TUxNQ0NVQTczMTI',
            'Cuauhtémoc',
            19.4444,
            -99.152,
            [
              ['TUxNQkNFTjM1ODM', 'Centro De La Ciudad De México Area 1', 19.4326, -99.1332],
              [_, 'Condesa', 19.411, -99.173],
              [_, 'Juárez', 19.427, -99.158],
              [_, 'Roma Norte', 19.419, -99.162],
            ],
          ],
          [_, 'Miguel Hidalgo', 19.4326, -99.2, [[_, 'Polanco', 19.433, -99.195]]],
        ],
      ],
      [
        _,
        'Estado De México',
        19.4969,
        -99.7233,
        [
          [_, 'Ecatepec', 19.601, -99.05],
          [_, 'Naucalpan', 19.4785, -99.2396],
          [_, 'Toluca', 19.2826, -99.6557],
        ],
      ],
      [
        _,
        'Guanajuato',
        21.019,
        -101.2574,
        [
          [_, 'Guanajuato', 21.019, -101.2574],
          [_, 'Irapuato', 20.6767, -101.3563],
          [_, 'León', 21.125, -101.686],
        ],
      ],
      // Jalisco and Nuevo León ids come from a community list (FACTS.md: unverified).
      [
        'TUxNUEpBTGFiNTlm',
        'Jalisco',
        20.6595,
        -103.3494,
        [
          [_, 'Guadalajara', 20.6597, -103.3496],
          [_, 'Puerto Vallarta', 20.6534, -105.2253],
          [_, 'Tlaquepaque', 20.6409, -103.2933],
          [_, 'Zapopan', 20.7214, -103.3918],
        ],
      ],
      [
        'TUxNUE5VRWE0MDMy',
        'Nuevo León',
        25.5922,
        -99.9962,
        [
          [_, 'Apodaca', 25.7817, -100.1883],
          [_, 'Guadalupe', 25.6775, -100.2597],
          [_, 'Monterrey', 25.6866, -100.3161],
          [_, 'San Pedro Garza García', 25.6573, -100.4027],
        ],
      ],
      [
        _,
        'Puebla',
        19.0414,
        -98.2063,
        [
          [_, 'Puebla', 19.0414, -98.2063],
          [_, 'San Pedro Cholula', 19.0633, -98.3035],
        ],
      ],
      [
        _,
        'Querétaro',
        20.5888,
        -100.3899,
        [
          [_, 'Querétaro', 20.5888, -100.3899],
          [_, 'San Juan del Río', 20.3886, -99.9962],
        ],
      ],
      [
        _,
        'Quintana Roo',
        19.1817,
        -88.4791,
        [
          [_, 'Cancún', 21.1619, -86.8515],
          [_, 'Playa del Carmen', 20.6296, -87.0739],
          [_, 'Tulum', 20.2114, -87.4654],
        ],
      ],
      [
        _,
        'Veracruz',
        19.1738,
        -96.1342,
        [
          [_, 'Veracruz', 19.1738, -96.1342],
          [_, 'Xalapa', 19.5438, -96.9102],
        ],
      ],
      [
        _,
        'Yucatán',
        20.7099,
        -89.0943,
        [
          [_, 'Mérida', 20.9674, -89.5926],
          [_, 'Valladolid', 20.6896, -88.2011],
        ],
      ],
    ],
  },
  {
    id: 'PA',
    name: 'Panamá',
    site: 'MPA',
    locale: 'es_PA',
    currencyId: 'USD',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-05:00',
    geo: [8.538, -80.7821],
    states: [
      ['PA-4', 'Chiriquí', 8.5849, -82.3886, [[_, 'David', 8.4273, -82.4308]]],
      ['PA-3', 'Colón', 9.3547, -79.9001, [[_, 'Colón', 9.3547, -79.9001]]],
      ['PA-6', 'Herrera', 7.7704, -80.7214, [[_, 'Chitré', 7.964, -80.429]]],
      [
        'PA-8',
        'Panamá',
        8.9824,
        -79.5199,
        [
          [_, 'Ciudad de Panamá', 8.9824, -79.5199],
          [_, 'San Miguelito', 9.0333, -79.5],
        ],
      ],
    ],
  },
  {
    id: 'PE',
    name: 'Peru',
    site: 'MPE',
    locale: 'es_PE',
    currencyId: 'PEN',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-05:00',
    geo: [-9.19, -75.0152],
    states: [
      ['PE-ARE', 'Arequipa', -15.8402, -72.4234, [[_, 'Arequipa', -16.409, -71.5375]]],
      ['PE-CAL', 'Callao', -12.0566, -77.1181, [[_, 'Callao', -12.0566, -77.1181]]],
      ['PE-CUS', 'Cusco', -13.2319, -72.0083, [[_, 'Cusco', -13.5319, -71.9675]]],
      ['PE-LAL', 'La Libertad', -8.115, -78.4995, [[_, 'Trujillo', -8.1091, -79.0215]]],
      [
        'PE-LIM',
        'Lima',
        -12.0464,
        -77.0428,
        [
          [
            _,
            'Lima',
            -12.0464,
            -77.0428,
            [
              [_, 'Barranco', -12.149, -77.021],
              [_, 'Miraflores', -12.1211, -77.0297],
              [_, 'San Isidro', -12.097, -77.0365],
              [_, 'Santiago de Surco', -12.135, -76.991],
            ],
          ],
        ],
      ],
      ['PE-PIU', 'Piura', -5.1783, -80.6549, [[_, 'Piura', -5.1945, -80.6328]]],
    ],
  },
  {
    id: 'DO',
    name: 'República Dominicana',
    site: 'MRD',
    locale: 'es_DO',
    currencyId: 'DOP',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-04:00',
    geo: [18.7357, -70.1627],
    states: [
      ['DO-01', 'Distrito Nacional', 18.4861, -69.9312, [[_, 'Santo Domingo de Guzmán', 18.4861, -69.9312]]],
      [
        'DO-11',
        'La Altagracia',
        18.5821,
        -68.6208,
        [
          [_, 'Higüey', 18.615, -68.708],
          [_, 'Punta Cana', 18.582, -68.4055],
        ],
      ],
      ['DO-18', 'Puerto Plata', 19.7934, -70.6884, [[_, 'Puerto Plata', 19.7934, -70.6884]]],
      ['DO-25', 'Santiago', 19.4517, -70.697, [[_, 'Santiago de los Caballeros', 19.4517, -70.697]]],
      ['DO-32', 'Santo Domingo', 18.5001, -69.8556, [[_, 'Santo Domingo Este', 18.4889, -69.8572]]],
    ],
  },
  {
    id: 'UY',
    name: 'Uruguay',
    site: 'MLU',
    locale: 'es_UY',
    currencyId: 'UYU',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-03:00',
    geo: null,
    // The recorded list and order.
    states: [
      ['UY-AR', 'Artigas', -30.4, -56.4667, [[_, 'Artigas', -30.4, -56.4667]]],
      [
        'UY-CA',
        'Canelones',
        -34.5228,
        -56.2778,
        [
          [_, 'Canelones', -34.5228, -56.2778],
          [_, 'Ciudad de la Costa', -34.8167, -55.95],
          [_, 'Las Piedras', -34.7302, -56.2191],
        ],
      ],
      ['UY-CL', 'Cerro Largo', -32.3667, -54.1833, [[_, 'Melo', -32.3667, -54.1833]]],
      ['UY-CO', 'Colonia', -34.4626, -57.84, [[_, 'Colonia del Sacramento', -34.4626, -57.84]]],
      ['UY-DU', 'Durazno', -33.3806, -56.5236, [[_, 'Durazno', -33.3806, -56.5236]]],
      ['UY-FS', 'Flores', -33.5165, -56.899, [[_, 'Trinidad', -33.5165, -56.899]]],
      ['UY-FD', 'Florida', -34.0956, -56.2142, [[_, 'Florida', -34.0956, -56.2142]]],
      ['UY-LA', 'Lavalleja', -34.3759, -55.2377, [[_, 'Minas', -34.3759, -55.2377]]],
      [
        'UY-MA',
        'Maldonado',
        -34.9,
        -54.95,
        [
          [_, 'Maldonado', -34.9, -54.95],
          [_, 'Piriápolis', -34.865, -55.274],
          [_, 'Punta del Este', -34.962, -54.945],
        ],
      ],
      [
        'UY-MO',
        'Montevideo',
        -34.9011,
        -56.1645,
        [
          [
            _,
            'Montevideo',
            -34.9011,
            -56.1645,
            [
              [_, 'Buceo', -34.899, -56.128],
              [_, 'Carrasco', -34.883, -56.058],
              [_, 'Centro', -34.906, -56.191],
              [_, 'Ciudad Vieja', -34.907, -56.205],
              [_, 'Cordón', -34.902, -56.176],
              [_, 'Malvín', -34.892, -56.102],
              [_, 'Parque Rodó', -34.913, -56.17],
              [_, 'Pocitos', -34.91, -56.15, [[_, 'Pocitos Nuevo', -34.906, -56.139]]],
              [_, 'Prado', -34.863, -56.208],
              [_, 'Punta Carretas', -34.923, -56.16],
            ],
          ],
        ],
      ],
      ['UY-PA', 'Paysandú', -32.3214, -58.0756, [[_, 'Paysandú', -32.3214, -58.0756]]],
      ['UY-RV', 'Rivera', -30.9053, -55.5508, [[_, 'Rivera', -30.9053, -55.5508]]],
      ['UY-RO', 'Rocha', _, _, ROCHA_CITIES],
      ['UY-RN', 'Río Negro', -33.1165, -58.3107, [[_, 'Fray Bentos', -33.1165, -58.3107]]],
      ['UY-SA', 'Salto', -31.3833, -57.9667, [[_, 'Salto', -31.3833, -57.9667]]],
      ['UY-SJ', 'San José', -34.3375, -56.7136, [[_, 'San José de Mayo', -34.3375, -56.7136]]],
      ['UY-SO', 'Soriano', -33.2524, -58.0305, [[_, 'Mercedes', -33.2524, -58.0305]]],
      ['UY-TA', 'Tacuarembó', -31.7333, -55.9833, [[_, 'Tacuarembó', -31.7333, -55.9833]]],
      ['UY-TT', 'Treinta y Tres', -33.2333, -54.3833, [[_, 'Treinta y Tres', -33.2333, -54.3833]]],
    ],
  },
  {
    id: 'VE',
    name: 'Venezuela',
    site: 'MLV',
    locale: 'es_VE',
    currencyId: 'VEF',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-04:00',
    geo: [6.4238, -66.5897],
    states: [
      ['VE-D', 'Aragua', 10.2469, -67.5958, [[_, 'Maracay', 10.2469, -67.5958]]],
      ['VE-G', 'Carabobo', 10.162, -68.0077, [[_, 'Valencia', 10.162, -68.0077]]],
      ['VE-A', 'Distrito Capital', 10.4806, -66.9036, [[_, 'Caracas', 10.4806, -66.9036]]],
      ['VE-K', 'Lara', 10.0678, -69.3467, [[_, 'Barquisimeto', 10.0678, -69.3467]]],
      [
        'VE-M',
        'Miranda',
        10.25,
        -66.4167,
        [
          [_, 'Los Teques', 10.3441, -67.0433],
          [_, 'Petare', 10.4833, -66.8167],
        ],
      ],
      ['VE-V', 'Zulia', 10.6427, -71.6125, [[_, 'Maracaibo', 10.6427, -71.6125]]],
    ],
  },
  // The 2025 list adds eight more countries; each has its capital region here.
  {
    id: 'GT',
    name: 'Guatemala',
    site: 'MGT',
    locale: 'es_GT',
    currencyId: 'GTQ',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-06:00',
    geo: [15.7835, -90.2308],
    states: [
      [
        'GT-GU',
        'Guatemala',
        14.6349,
        -90.5069,
        [
          [_, 'Ciudad de Guatemala', 14.6349, -90.5069],
          [_, 'Mixco', 14.6333, -90.6064],
        ],
      ],
      ['GT-QZ', 'Quetzaltenango', 14.8347, -91.518, [[_, 'Quetzaltenango', 14.8347, -91.518]]],
      ['GT-SA', 'Sacatepéquez', 14.5586, -90.7295, [[_, 'Antigua Guatemala', 14.5586, -90.7295]]],
    ],
  },
  {
    id: 'BO',
    name: 'Bolivia',
    site: 'MBO',
    locale: 'es_BO',
    currencyId: 'BOB',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-04:00',
    geo: [-16.2902, -63.5887],
    states: [
      ['BO-C', 'Cochabamba', -17.4139, -66.1653, [[_, 'Cochabamba', -17.4139, -66.1653]]],
      [
        'BO-L',
        'La Paz',
        -16.4897,
        -68.1193,
        [
          [_, 'El Alto', -16.5, -68.15],
          [_, 'La Paz', -16.4897, -68.1193],
        ],
      ],
      ['BO-S', 'Santa Cruz', -17.8146, -63.1561, [[_, 'Santa Cruz de la Sierra', -17.8146, -63.1561]]],
    ],
  },
  {
    id: 'HN',
    name: 'Honduras',
    site: 'MHN',
    locale: 'es_HN',
    currencyId: 'HNL',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-06:00',
    geo: [15.2, -86.2419],
    states: [
      ['HN-CR', 'Cortés', 15.5042, -88.025, [[_, 'San Pedro Sula', 15.5042, -88.025]]],
      ['HN-FM', 'Francisco Morazán', 14.0723, -87.1921, [[_, 'Tegucigalpa', 14.0723, -87.1921]]],
    ],
  },
  {
    id: 'NI',
    name: 'Nicaragua',
    site: 'MNI',
    locale: 'es_NI',
    currencyId: 'NIO',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-06:00',
    geo: [12.8654, -85.2072],
    states: [
      ['NI-GR', 'Granada', 11.9344, -85.956, [[_, 'Granada', 11.9344, -85.956]]],
      ['NI-LE', 'León', 12.4379, -86.878, [[_, 'León', 12.4379, -86.878]]],
      ['NI-MN', 'Managua', 12.115, -86.2362, [[_, 'Managua', 12.115, -86.2362]]],
    ],
  },
  {
    id: 'SV',
    name: 'El Salvador',
    site: 'MSV',
    locale: 'es_SV',
    currencyId: 'USD',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-06:00',
    geo: [13.7942, -88.8965],
    states: [
      ['SV-LI', 'La Libertad', 13.4883, -89.322, [[_, 'Santa Tecla', 13.6769, -89.2797]]],
      ['SV-SM', 'San Miguel', 13.4833, -88.1833, [[_, 'San Miguel', 13.4833, -88.1833]]],
      ['SV-SS', 'San Salvador', 13.6929, -89.2182, [[_, 'San Salvador', 13.6929, -89.2182]]],
    ],
  },
  {
    id: 'PR',
    name: 'Puerto Rico',
    site: 'MPR',
    locale: 'es_PR',
    currencyId: 'USD',
    decimalSeparator: '.',
    thousandsSeparator: ',',
    timeZone: 'GMT-04:00',
    geo: [18.2208, -66.5901],
    states: [
      ['PR-BY', 'Bayamón', 18.3989, -66.1557, [[_, 'Bayamón', 18.3989, -66.1557]]],
      ['PR-PO', 'Ponce', 18.0111, -66.6141, [[_, 'Ponce', 18.0111, -66.6141]]],
      ['PR-SJ', 'San Juan', 18.4655, -66.1057, [[_, 'San Juan', 18.4655, -66.1057]]],
    ],
  },
  {
    id: 'PY',
    name: 'Paraguay',
    site: 'MPY',
    locale: 'es_PY',
    currencyId: 'PYG',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-03:00',
    geo: [-23.4425, -58.4438],
    states: [
      ['PY-10', 'Alto Paraná', -25.5095, -54.6116, [[_, 'Ciudad del Este', -25.5095, -54.6116]]],
      ['PY-ASU', 'Asunción', -25.2637, -57.5759, [[_, 'Asunción', -25.2637, -57.5759]]],
      [
        'PY-11',
        'Central',
        -25.38,
        -57.5,
        [
          [_, 'Luque', -25.267, -57.487],
          [_, 'San Lorenzo', -25.34, -57.508],
        ],
      ],
    ],
  },
  {
    id: 'CU',
    name: 'Cuba',
    site: 'MCU',
    locale: 'es_CU',
    currencyId: 'CUC',
    decimalSeparator: ',',
    thousandsSeparator: '.',
    timeZone: 'GMT-05:00',
    geo: [21.5218, -77.7812],
    states: [
      ['CU-03', 'La Habana', 23.1136, -82.3666, [[_, 'La Habana', 23.1136, -82.3666]]],
      ['CU-13', 'Santiago de Cuba', 20.0247, -75.8219, [[_, 'Santiago de Cuba', 20.0247, -75.8219]]],
    ],
  },
];

/**
 * The platform's classified ids are base64 of the site, a level letter (P state, C city, B neighborhood), three
 * letters of the name and a short hash (`TUxBUENBUGw3M2E1` is `MLAPCAPl73a5`). Minted ids follow that shape, with
 * the hash taken from the whole path so two "Centro" neighborhoods get different ids; base64url keeps them safe
 * in a path segment.
 */
export function mintedId(site: string, level: 'P' | 'C' | 'B', path: string[]): string {
  const name = path[path.length - 1] ?? '';
  const letters = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3)
    .padEnd(3, 'X');
  const hash = createHash('sha256').update(path.join('/')).digest('hex').slice(0, 5);
  return Buffer.from(`${site}${level}${letters}${hash}`).toString('base64url');
}

const geoOf = (latitude: Coord, longitude: Coord): GeoPoint | null =>
  latitude === null || longitude === null ? null : { latitude, longitude };

function neighborhoodData(site: string, path: string[], spec: NeighborhoodSpec): NeighborhoodData {
  const [id, name, latitude, longitude, subs = []] = spec;
  const here = [...path, name];
  return {
    id: id ?? mintedId(site, 'B', here),
    name,
    geo: geoOf(latitude, longitude),
    subneighborhoods: subs.map((s) => neighborhoodData(site, here, s)),
  };
}

/** Every country with its states, cities and neighborhoods, ids resolved; in the platform's list order. */
export const LOCATIONS: CountryData[] = COUNTRIES.map((country) => ({
  id: country.id,
  name: country.name,
  locale: country.locale,
  currencyId: country.currencyId,
  decimalSeparator: country.decimalSeparator,
  thousandsSeparator: country.thousandsSeparator,
  timeZone: country.timeZone,
  geo: country.geo ? geoOf(country.geo[0], country.geo[1]) : null,
  states: country.states.map(([stateId, stateName, sLat, sLng, cities]) => ({
    id: stateId ?? mintedId(country.site, 'P', [country.id, stateName]),
    name: stateName,
    geo: geoOf(sLat, sLng),
    cities: cities.map(([cityId, cityName, cLat, cLng, neighborhoods = []]) => ({
      id: cityId ?? mintedId(country.site, 'C', [country.id, stateName, cityName]),
      name: cityName,
      geo: geoOf(cLat, cLng),
      neighborhoods: neighborhoods.map((n) =>
        neighborhoodData(country.site, [country.id, stateName, cityName], n),
      ),
    })),
  })),
}));

export interface LocationRows {
  countries: LocationCountriesTable[];
  states: LocationStatesTable[];
  cities: LocationCitiesTable[];
  neighborhoods: LocationNeighborhoodsTable[];
}

/** The tables' rows, parents before children (the insert order the foreign keys need). */
export function locationRows(countries: CountryData[] = LOCATIONS): LocationRows {
  const rows: LocationRows = { countries: [], states: [], cities: [], neighborhoods: [] };
  const point = (geo: GeoPoint | null) => ({
    latitude: geo?.latitude ?? null,
    longitude: geo?.longitude ?? null,
  });
  const addNeighborhood = (
    cityId: string,
    parentId: string | null,
    n: NeighborhoodData,
    position: number,
  ) => {
    rows.neighborhoods.push({
      id: n.id,
      city_id: cityId,
      parent_id: parentId,
      name: n.name,
      ...point(n.geo),
      position,
    });
    for (const [i, sub] of n.subneighborhoods.entries()) addNeighborhood(cityId, n.id, sub, i);
  };
  countries.forEach((country, position) => {
    rows.countries.push({
      id: country.id,
      name: country.name,
      locale: country.locale,
      currency_id: country.currencyId,
      decimal_separator: country.decimalSeparator,
      thousands_separator: country.thousandsSeparator,
      time_zone: country.timeZone,
      ...point(country.geo),
      position,
    });
    country.states.forEach((state, statePosition) => {
      rows.states.push({
        id: state.id,
        country_id: country.id,
        name: state.name,
        ...point(state.geo),
        position: statePosition,
      });
      state.cities.forEach((city, cityPosition) => {
        rows.cities.push({
          id: city.id,
          state_id: state.id,
          name: city.name,
          ...point(city.geo),
          position: cityPosition,
        });
        for (const [i, n] of city.neighborhoods.entries()) addNeighborhood(city.id, null, n, i);
      });
    });
  });
  return rows;
}
