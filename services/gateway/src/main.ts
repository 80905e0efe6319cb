import { runService } from '@pixtract/service-kit';
import { createGateway } from './gateway.app';
import { loadGatewayConfig } from './gateway.config';

runService(() => createGateway(loadGatewayConfig()));
