export { ftypBrands, HEADER_PROBE_BYTES, readImageHeader, type ImageHeader } from './image-header';
