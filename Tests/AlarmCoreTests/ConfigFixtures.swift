/// Configuration texts shared by the Config tests.
enum ConfigFixtures {
    /// The layout of the original project's config.yaml (our own values), with sections
    /// that other scripts own and an unquoted integer master code.
    static let originalLayout = """
        # Settings in the layout of the original HowAlarming config.yaml.
        beanstalkd:
          host: 10.1.2.3
          port: 11301
          tubes:
            commands:
              - commands
            events:
              - cli

        envisalinkd:
          host: 192.168.7.20
          port: 4025
          password: s3cret
          code_master: 4321
          code_installer: 9876
          zones:
            '001': Lounge PIR
            '002': Back door
            '003': Garage side door

        alert_email:
          smtp_host: mail.example.org
          smtp_port: 25
          addr_from: alarm@example.org
          addr_to: owner@example.org
          triggers:
            - alarm
            - fault

        alert_gcm:
          sender_id: 123456789012
          api_key: EXAMPLE-API-KEY

        alert_plivo:
          auth_id: EXAMPLEID
          auth_token: example-token
          number_from: 15550000000
          number_to: [15550000001]
          triggers: [alarm]

        alert_url:
          urls:
            - https://hooks.example.org/alarm
          triggers:
            - alarm
            - recovery
        """

    /// Every key HowAlarming owns, as in the documented contract.
    static let contract = """
        beanstalkd:
          host: 127.0.0.1
          port: 11300
          tubes:
            commands: [commands]
            events: [cli, push, log, command]
        envisalinkd:
          host: 127.0.0.1
          port: 4025
          password: user
          code_master: "1234"
          zones: {"001": Front door, "002": Hall PIR}
        push:
          tube: push
          triggers: [alarm, recovery, fault, armed, disarmed]
          database: /var/lib/howalarming/push.sqlite
          apns: {key_file: AuthKey.p8, key_id: ABC123DEFG, team_id: TEAM123456, topic: com.example.alarm, environment: production, endpoint: null, ca_file: null}
          fcm: {service_account_file: service-account.json, endpoint: null, ca_file: null}
        log:
          tube: log
          file: /var/log/howalarming/events.jsonl
        command:
          tube: command
          listen: 127.0.0.1:8080
          database: /var/lib/howalarming/command.sqlite
        """
}
