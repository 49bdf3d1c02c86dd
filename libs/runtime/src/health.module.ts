import { Controller, Module, Optional, type DynamicModule } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthCommand, type BackendService, type ServiceHealth } from '@starborn/contracts';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';

/**
 * Answers `<service>.health` for a service: up, and whether its database answers.
 * The controller is made per service because the message name is part of the decorator.
 */
@Module({})
export class HealthModule {
  static forService(service: BackendService): DynamicModule {
    const instance = `${hostname()}:${process.pid}`;

    @Controller()
    class HealthHandlers {
      constructor(@Optional() private readonly dataSource?: DataSource) {}

      @MessagePattern(healthCommand(service))
      async health(): Promise<ServiceHealth> {
        const report: ServiceHealth = {
          service,
          status: 'ok',
          instance,
          uptimeSeconds: Math.round(process.uptime()),
        };
        if (this.dataSource) {
          report.database = await this.dataSource.query('SELECT 1').then(
            () => 'ok' as const,
            () => 'down' as const,
          );
          if (report.database === 'down') report.status = 'down';
        }
        return report;
      }
    }

    return { module: HealthModule, controllers: [HealthHandlers] };
  }
}
